"""Writes seed inputs for the model-loader fuzzer: small real inference models (program bytes
plus parameter bytes) exported with the Python API.

    PYTHONPATH=build/python python3 test/fuzz/make_corpus.py test/fuzz/corpus
"""
import os
import struct
import sys
import tempfile

import paddle


def export(build, name, out_dir):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        feeds, fetches = build()
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope), tempfile.TemporaryDirectory() as d:
        exe.run(startup)
        paddle.static.save_inference_model(os.path.join(d, "m"), feeds, fetches, exe, program=main)
        program = open(os.path.join(d, "m.pdmodel"), "rb").read()
        params = open(os.path.join(d, "m.pdiparams"), "rb").read()
    with open(os.path.join(out_dir, name), "wb") as f:
        f.write(struct.pack("<I", len(program)) + program + params)


def mlp():
    x = paddle.static.data("x", [None, 4], "float32")
    return [x], [paddle.static.nn.fc(paddle.static.nn.fc(x, 3, activation="relu"), 2)]


def conv():
    x = paddle.static.data("img", [None, 1, 6, 6], "float32")
    y = paddle.static.nn.conv2d(x, 2, 3)
    y = paddle.static.nn.batch_norm(y, act="relu")
    return [x], [paddle.nn.functional.softmax(paddle.flatten(y, 1))]


def main():
    paddle.enable_static()
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    export(mlp, "mlp", out_dir)
    export(conv, "conv_bn", out_dir)


if __name__ == "__main__":
    main()
