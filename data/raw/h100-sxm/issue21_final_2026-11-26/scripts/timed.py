"""Run a command, print each line of its output with the seconds since start (where a cold verdict spends its time)."""
import subprocess, sys, time
t0 = time.perf_counter()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
for line in p.stdout: print(f"{time.perf_counter() - t0:7.2f} {line}", end="", flush=True)
print(f"{time.perf_counter() - t0:7.2f} exit {p.wait()}")
