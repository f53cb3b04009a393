"""The tailored inference library (tools/tailor.sh) against the full one: run by tools/test.sh
after it tailors build_tailor/ to the LeNet and ResNet-18 fixtures.

    TAILOR_DIR=build_tailor python3 -m pytest -q test/tailor/test_tailor.py

Both libraries run the same C++ program (test/tailor/tailor_run.cc): the tailored one must
give byte-identical outputs, refuse a model with other ops naming the op and the tailoring,
and hold no code of kernels it left out; its install dir has one library, exporting the
API only."""
import os
import subprocess

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "paddle_models")
TAILOR_DIR = os.path.abspath(os.environ.get("TAILOR_DIR", os.path.join(ROOT, "build_tailor")))
FULL_INSTALL = os.path.join(ROOT, "build", "paddle_inference_install_dir")
TAILORED_INSTALL = os.path.join(TAILOR_DIR, "paddle_inference_install_dir")

pytestmark = pytest.mark.skipif(
    not os.path.isdir(TAILORED_INSTALL) or not os.path.isdir(FIXTURES),
    reason="needs tools/tailor.sh's output in TAILOR_DIR and the shared fixtures")


def _build_runner(install_dir, build_dir):
    subprocess.run(["cmake", "-S", os.path.join(ROOT, "test", "tailor"), "-B", build_dir,
                    "-DCMAKE_BUILD_TYPE=Release",
                    f"-DCMAKE_PREFIX_PATH={install_dir}/paddle/lib/cmake"],
                   check=True, capture_output=True)
    subprocess.run(["cmake", "--build", build_dir], check=True, capture_output=True)
    return os.path.join(build_dir, "tailor_run")


@pytest.fixture(scope="module")
def runners():
    return {"full": _build_runner(FULL_INSTALL, os.path.join(TAILOR_DIR, "runner_full")),
            "tailored": _build_runner(TAILORED_INSTALL,
                                      os.path.join(TAILOR_DIR, "runner_tailored"))}


def _run(runner, model, tmp_path):
    inputs = np.load(os.path.join(FIXTURES, model + ".inputs.npz"))
    args = []
    for i, name in enumerate(inputs.files):
        data = np.ascontiguousarray(inputs[name], dtype=np.float32)
        path = tmp_path / f"{model}.in{i}.bin"
        data.tofile(path)
        args.append(f"{path}:{'x'.join(map(str, data.shape))}")
    out = tmp_path / f"{model}.{os.path.basename(os.path.dirname(runner))}.out"
    prefix = os.path.join(FIXTURES, model)
    proc = subprocess.run([runner, prefix + ".pdmodel", prefix + ".pdiparams", str(out), *args],
                          capture_output=True, text=True)
    return proc, out


@pytest.mark.parametrize("model", ["lenet", "resnet18"])
def test_tailored_outputs_are_identical(runners, model, tmp_path):
    full, full_out = _run(runners["full"], model, tmp_path)
    tailored, tailored_out = _run(runners["tailored"], model, tmp_path)
    assert full.returncode == 0, full.stderr
    assert tailored.returncode == 0, tailored.stderr
    assert tailored.stdout == full.stdout  # the same outputs, element counts
    assert tailored_out.read_bytes() == full_out.read_bytes()
    expected = np.load(os.path.join(FIXTURES, model + ".outputs.npz"))
    got = np.fromfile(tailored_out, dtype=np.float32)
    want = np.concatenate([expected[k].astype(np.float32).ravel() for k in expected.files])
    np.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-4 * np.abs(want).max())


def test_foreign_op_is_refused_naming_op_and_tailoring(runners, tmp_path):
    tailored, _ = _run(runners["tailored"], "mobilenet_v3_small", tmp_path)
    assert tailored.returncode == 1
    assert "op type '" in tailored.stderr and "which is not registered" in tailored.stderr
    assert ("tailored by tools/tailor.sh to the models [lenet.pdmodel resnet18.pdmodel]"
            in tailored.stderr)
    full, _ = _run(runners["full"], "mobilenet_v3_small", tmp_path)
    assert full.returncode == 0, full.stderr  # the full library runs it


def _symbols(lib, dynamic):
    args = ["nm", "-C"] + (["-D", "--defined-only"] if dynamic else [])
    return subprocess.run(args + [lib], check=True, capture_output=True, text=True).stdout


def test_left_out_kernels_are_not_in_the_library():
    full = _symbols(os.path.join(FULL_INSTALL, "paddle", "lib", "libphi.so"), dynamic=True)
    # The tailored library as linked, before stripping: its local symbols too.
    tailored = _symbols(os.path.join(TAILOR_DIR, "build", "paddle", "inference",
                                     "libpaddle_inference.so"), dynamic=False)
    for kernel in ("phi::HardSwishKernel<float", "phi::ConvTransposeKernel<float",
                   "phi::AdamKernel<float", "phi::SoftmaxKernel<double"):
        assert kernel in full, kernel
        assert kernel not in tailored, kernel
    assert "phi::SoftmaxKernel<float" in tailored  # one the models use


def test_install_dir_has_the_same_layout_with_one_library():
    def layout(root):
        return sorted(os.path.relpath(os.path.join(d, f), root)
                      for d, _, files in os.walk(root) for f in files)
    libs = {os.path.join("paddle", "lib", f"lib{name}.so")
            for name in ("common", "phi", "framework", "ir", "executor")}
    assert layout(TAILORED_INSTALL) == [f for f in layout(FULL_INSTALL) if f not in libs]
    exported = _symbols(os.path.join(TAILORED_INSTALL, "paddle", "lib",
                                     "libpaddle_inference.so"), dynamic=True)
    assert "paddle_infer::CreatePredictor" in exported
    assert "phi::KernelRegistry" not in exported  # the layers stay inside
