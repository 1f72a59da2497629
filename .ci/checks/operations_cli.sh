#!/usr/bin/env bash
# Every registered operation through the CLI on the CPU, and every misplaced flag refused; generated from the registry.
set -eu
python scripts/check_operations_cli.py
