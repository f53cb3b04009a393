"""The dygraph example (examples/dygraph_fashion_mnist/train.py) runs a few eager training
steps, exports with to_static + jit.save, and the exported model classifies the test set
exactly as the eager model does. Skipped without Debian's Fashion-MNIST files."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = "/usr/share/datasets/fashion-mnist"


@pytest.mark.skipif(not os.path.isdir(DATA), reason=f"no Fashion-MNIST in {DATA}")
def test_dygraph_example_trains_exports_and_agrees(tmp_path):
    script = os.path.join(ROOT, "examples", "dygraph_fashion_mnist", "train.py")
    out = subprocess.run([sys.executable, script, "--limit", "20", "--save", str(tmp_path / "lenet")],
                         capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert out.returncode == 0, out.stderr[-2000:]
    eager = float(re.search(r"dygraph_test_accuracy=([0-9.]+)", out.stdout).group(1))
    loaded = float(re.search(r"jit_load_accuracy=([0-9.]+)", out.stdout).group(1))
    assert eager == loaded
    assert eager > 0.5  # 20 steps of Adam already beat chance (0.1) by far
    assert (tmp_path / "lenet.pdmodel").exists() and (tmp_path / "lenet.pdiparams").exists()
