"""The profiler's events on this torch, and the stream-join check on a joined and an unjoined side stream."""
import torch, sys
sys.path.insert(0, "examples/kernels")
from ceiling_scout.modes.harness import unjoined_stream_work, quiet_profile, _gpu_events, activity_type
print("torch", torch.__version__, "KinetoEvent methods:", [m for m in dir(torch._C._autograd._KinetoEvent) if not m.startswith("_")])
a = torch.randn(512, 512, device="cuda"); b = torch.randn(512, 512, device="cuda")
with quiet_profile("cuda") as p:
    a @ b; torch.cuda.synchronize()
print("activity types:", sorted({activity_type(e) for e in p.profiler.kineto_results.events()}))
from planted.async_work import side_stream_tail, late_write_gpu
print("side_stream_tail:", repr(unjoined_stream_work(lambda: side_stream_tail(a, b), "cuda")))
print("late_write_gpu:", repr(unjoined_stream_work(lambda: late_write_gpu(a, b), "cuda")))
print("plain matmul:", repr(unjoined_stream_work(lambda: a @ b, "cuda")))
