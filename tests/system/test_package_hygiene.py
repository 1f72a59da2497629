"""Hygiene of the generated ceiling_scout/ (read with ast, nothing imported): no module imports another's private names
beyond .ci/private_import_allowlist.txt, no import cycles among module-level imports, and no file with more lines over
120 characters than .ci/line_length_baseline.json allows (the checker's own fixture tests: test_package_check.py)."""
import package_check


def test_package_hygiene(capsys):
    code = package_check.main([])
    assert code == 0, capsys.readouterr().out
