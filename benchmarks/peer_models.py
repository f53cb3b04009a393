"""Makes the benchmark models the fixtures lack, with the real PaddlePaddle and paddle2onnx, in
a virtual environment of their own (benchmarks/peer_models.sh makes build/convert_venv; neither
package is a dependency of the product or its tests, and nothing here is run by them):

- build/peer_models/resnet50.{pdmodel,pdiparams}: paddle.vision.models.resnet50 with random
  weights (seed 2026), in eval mode, saved by paddle.jit.save in the legacy program format for
  input [-1, 3, 224, 224], the same way ../shared/fixtures/paddle_models/resnet18 was written;
- build/peer_models/<model>.onnx for resnet50 and for the fixture mobilenet_v3_small, converted
  by paddle2onnx (opset 13, as ../shared/fixtures/onnx/).

benchmarks/side_by_side.py then times our Predictor and ONNX Runtime on them beside the
fixture models. Run: bash benchmarks/peer_models.sh
"""
import os
import subprocess
import sys

os.environ.setdefault("FLAGS_enable_pir_api", "0")  # legacy .pdmodel, not PIR json

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FIXTURES = os.path.join(ROOT, "..", "shared", "fixtures", "paddle_models")
OUT = os.path.join(ROOT, "build", "peer_models")


def convert(prefix, name):
    target = os.path.join(OUT, name + ".onnx")
    subprocess.run([sys.executable, "-m", "paddle2onnx.command", "--model_dir",
                    os.path.dirname(prefix), "--model_filename",
                    os.path.basename(prefix) + ".pdmodel", "--params_filename",
                    os.path.basename(prefix) + ".pdiparams", "--save_file", target,
                    "--opset_version", "13"], check=True)
    print("wrote", target)


def save_resnet50():
    import paddle
    paddle.seed(2026)
    model = paddle.vision.models.resnet50()
    model.eval()
    prefix = os.path.join(OUT, "resnet50")
    paddle.jit.save(model, prefix,
                    input_spec=[paddle.static.InputSpec([-1, 3, 224, 224], "float32", "x")])
    print("wrote", prefix + ".pdmodel")
    return prefix


def main():
    os.makedirs(OUT, exist_ok=True)
    convert(save_resnet50(), "resnet50")
    convert(os.path.join(FIXTURES, "mobilenet_v3_small"), "mobilenet_v3_small")


if __name__ == "__main__":
    main()
