"""GPT-2 (examples/models/gpt2.py) exported to ONNX with torch's exporter, for `--model FILE.onnx`.

    python examples/models/gpt2_onnx.py /tmp/gpt2.onnx            # CPU size (needs onnxscript)
    ceiling-scout --model /tmp/gpt2.onnx --device cpu
    python examples/models/gpt2_onnx.py /tmp/gpt2.onnx cuda       # full size, exported on the GPU
"""
import sys
from pathlib import Path
import torch
sys.path.insert(0, str(Path(__file__).parent))
import gpt2


class LastHidden(torch.nn.Module):
    "GPT-2's forward as an exporter traces it: token ids in, the last hidden state out (no cache)."
    def __init__(self, model: torch.nn.Module): super().__init__(); self.model = model
    def forward(self, ids: torch.Tensor) -> torch.Tensor: return self.model(input_ids=ids, use_cache=False).last_hidden_state


def export(path: str, device: str="cpu") -> Path:
    "Write GPT-2 (its size on `device`) to `path` as ONNX (weights beside it in `path`.data); returns the path."
    model, (ids,) = gpt2.make(device=device)
    torch.onnx.export(LastHidden(model), (ids,), path, dynamo=True, input_names=["input_ids"], verbose=False)
    return Path(path)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3): sys.exit("usage: python examples/models/gpt2_onnx.py OUT.onnx [DEVICE]")
    print(export(*sys.argv[1:]))
