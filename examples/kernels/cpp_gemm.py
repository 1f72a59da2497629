"""A tiny compiled CPU operator, `cs_examples::matmul`, built with torch.utils.cpp_extension (needs a C++ compiler and
ninja). `build(dir)` returns the shared library's path; validate it as `PATH.so:cs_examples::matmul`. The source is
written to a file and built with `load` rather than `load_inline`: `load_inline` prepends <torch/extension.h> (pybind11
and the whole C++ API), which more than doubles the compile time of a one-function operator."""
import shutil
import tempfile

import torch

CPP = r"""
#include <ATen/core/Tensor.h>
#include <ATen/ops/zeros.h>
#include <torch/library.h>

// C = A @ B for 2-D float tensors: a plain i-k-j loop (correct, not fast).
at::Tensor cs_matmul(const at::Tensor& a, const at::Tensor& b) {
  TORCH_CHECK(a.dim() == 2 && b.dim() == 2 && a.size(1) == b.size(0), "cs_examples::matmul: shapes do not chain");
  TORCH_CHECK(a.scalar_type() == at::kFloat && b.scalar_type() == at::kFloat, "cs_examples::matmul: float32 only");
  auto A = a.contiguous(), B = b.contiguous();
  auto C = at::zeros({a.size(0), b.size(1)}, a.options());
  const float *pa = A.data_ptr<float>(), *pb = B.data_ptr<float>();
  float* pc = C.data_ptr<float>();
  const int64_t M = a.size(0), K = a.size(1), N = b.size(1);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t k = 0; k < K; ++k) {
      const float av = pa[i * K + k];
      for (int64_t j = 0; j < N; ++j) pc[i * N + j] += av * pb[k * N + j];
    }
  return C;
}

TORCH_LIBRARY(cs_examples, m) { m.def("matmul(Tensor a, Tensor b) -> Tensor"); }
TORCH_LIBRARY_IMPL(cs_examples, CPU, m) { m.impl("matmul", &cs_matmul); }
"""


def compiler_missing() -> str | None:
    "Why the operator cannot be built here, or None."
    if not (shutil.which("c++") or shutil.which("g++")): return "no C++ compiler (c++/g++) on PATH"
    if not shutil.which("ninja"):
        try: import ninja  # noqa: F401
        except ImportError: return "ninja is not installed (torch.utils.cpp_extension needs it)"
    return None


def build(build_dir: str | None = None) -> str:
    "Compile the operator into `build_dir` (a fresh temporary directory by default) and return the .so path."
    import os
    from torch.utils.cpp_extension import load
    d = build_dir or tempfile.mkdtemp(prefix="cs_examples_")
    src = os.path.join(d, "cs_examples_ops.cpp")
    with open(src, "w") as f: f.write(CPP)
    return load("cs_examples_ops", sources=[src], is_python_module=False, build_directory=d,
                extra_cflags=["-O1"], verbose=False)


if __name__ == "__main__":
    why = compiler_missing()
    print(f"skipped: {why}" if why else build())
