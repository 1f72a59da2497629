"""A planted background load for the fleet check: bf16 8192^3 GEMMs back to back on this process's GPU until killed."""
import torch
a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
print("load running", flush=True)
while True:
    for _ in range(20): b = a @ a
    torch.cuda.synchronize()
