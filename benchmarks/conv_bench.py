"""Conv-heavy inference latency: the mobilenet_v2 and mobilenet_v3_small (depthwise
convolutions, 3x3 and 5x5) and resnet18 fixture models through the Python Predictor API,
batch 2, with 1 and 2 intra-op threads. Median of N runs after a warm-up run; prints a table.

    PYTHONPATH=build/python python3 benchmarks/conv_bench.py [--runs N] [--profile MODEL]

--profile MODEL instead runs MODEL N times (1 thread) with the runtime's profiler on and
prints its per-operator table (the share of time in depthwise_conv2d vs the other ops).

--layers MODEL [--threads T] prints the time per run of each operator kind and input shapes
(a layer, or the sum of a model's layers of that shape) from the runtime's profiler events,
and, where onnxruntime imports (build/bench_venv/bin/python, made by side_by_side.sh), the
same from ONNX Runtime's node profile of ../shared/fixtures/onnx/MODEL.onnx (else
build/peer_models/MODEL.onnx, made by benchmarks/peer_models.sh) beside it:

    PYTHONPATH=build/python build/bench_venv/bin/python benchmarks/conv_bench.py \
        --layers mobilenet_v2 --runs 30
"""
import argparse
import os
import statistics
import time

import numpy as np

FIXTURES = os.environ.get(
    "PADDLE_FIXTURES",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "shared", "fixtures",
                 "paddle_models"))
if not os.path.isdir(FIXTURES):
    FIXTURES = "/work/shared/fixtures/paddle_models"
MODELS = ("mobilenet_v2", "mobilenet_v3_small", "resnet18")
BATCH = 2


PEER_MODELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                           "peer_models")  # made by benchmarks/peer_models.sh (resnet50)


def model_prefix(model):
    prefix = os.path.join(FIXTURES, model)
    return prefix if os.path.exists(prefix + ".pdmodel") else os.path.join(PEER_MODELS, model)


DELETED_PASSES = []  # --delete-pass: passes left out of our predictor's pipeline


def make_predictor(model, threads):
    import paddle
    prefix = model_prefix(model)
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.disable_gpu()
    cfg.set_cpu_math_library_num_threads(threads)
    for name in DELETED_PASSES:
        cfg.delete_pass(name)
    return paddle.inference.create_predictor(cfg)


def feed(model):
    if not os.path.exists(os.path.join(FIXTURES, model + ".inputs.npz")):  # a peer model
        return np.random.default_rng(2026).standard_normal((BATCH, 3, 224, 224)).astype("float32")
    inputs = np.load(os.path.join(FIXTURES, model + ".inputs.npz"))
    (x,) = inputs.values()
    assert x.shape[0] == BATCH, x.shape
    return x


def time_model(model, threads, runs):
    pred = make_predictor(model, threads)
    x = feed(model)
    pred.run([x])  # warm-up: first-run allocations
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        pred.run([x])
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def our_layers(model, threads, runs):
    """{(op type, input shapes): ms per run} from the profiler's operator events."""
    from paddle.base import core
    pred = make_predictor(model, threads)
    x = feed(model)
    for _ in range(3):
        pred.run([x])
    core.profiler_enable(1 << 20)
    for _ in range(runs):
        pred.run([x])
    events = core.profiler_disable()
    layers = {}
    for name, kind, start, end, _, args in events:
        if kind == 3:  # an operator
            layers[(name, args)] = layers.get((name, args), 0.0) + (end - start) / 1e6 / runs
    return layers


def peer_layers(model, threads, runs):
    """{(op type, input shapes): ms per run} from ONNX Runtime's node profile, or None."""
    try:
        import json
        import tempfile
        import onnxruntime as ort
    except ImportError:
        return None
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.enable_profiling = True
    opts.profile_file_prefix = os.path.join(tempfile.mkdtemp(), "ort")
    onnx = os.path.join(FIXTURES, "..", "onnx", model + ".onnx")
    if not os.path.exists(onnx):  # made by benchmarks/peer_models.sh
        onnx = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                            "peer_models", model + ".onnx")
    sess = ort.InferenceSession(onnx, opts,
                                providers=["CPUExecutionProvider"])
    name = sess.get_inputs()[0].name
    x = feed(model)
    warm_up = 3
    for _ in range(warm_up + runs):
        sess.run(None, {name: x})
    with open(sess.end_profiling()) as f:
        events = json.load(f)
    # Nodes of the timed runs only: those that start after the last warm-up run ends.
    runs_done = sorted((e["ts"], e["ts"] + e["dur"]) for e in events if e["name"] == "model_run")
    timed_from = runs_done[warm_up - 1][1]
    layers = {}
    for e in events:
        if (e.get("cat") == "Node" and e["name"].endswith("_kernel_time")
                and e["ts"] >= timed_from):
            shapes = [list(t.values())[0] for t in e["args"].get("input_type_shape", [])]
            key = (e["args"].get("op_name"), str(shapes))
            layers[key] = layers.get(key, 0.0) + e["dur"] / 1e3 / runs
    return layers


def print_layers(model, threads, runs):
    ours = our_layers(model, threads, runs)
    print(f"{model}, batch {BATCH}, {threads} thread(s), ms per run (all layers of a kind and "
          f"input shapes together), {runs} runs")
    print(f"ours: {sum(ours.values()):.2f} ms in operators")
    for (name, args), ms in sorted(ours.items(), key=lambda kv: -kv[1]):
        print(f"{ms:8.3f}  {name} {args}")
    peer = peer_layers(model, threads, runs)
    if peer is None:
        print("(onnxruntime not importable: no peer column)")
        return
    print(f"ONNX Runtime: {sum(peer.values()):.2f} ms in nodes (its profiler adds its own cost)")
    for (name, shapes), ms in sorted(peer.items(), key=lambda kv: -kv[1]):
        print(f"{ms:8.3f}  {name} {shapes}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--profile", choices=MODELS)
    parser.add_argument("--layers", choices=MODELS + ("tiny_bert", "resnet50"))
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--delete-pass", action="append", default=[],
                        help="leave this pass out of our pipeline (repeatable), e.g. "
                        "mbconv_fuse_pass to see a fused block's layers one by one")
    args = parser.parse_args()
    DELETED_PASSES.extend(args.delete_pass)
    if args.layers:
        print_layers(args.layers, args.threads, args.runs)
        return
    if args.profile:
        # The predictor reads the flag when it is created and prints its operator table
        # when it is destroyed.
        os.environ["FLAGS_enable_profiler"] = "true"
        pred = make_predictor(args.profile, 1)
        x = feed(args.profile)
        for _ in range(args.runs):
            pred.run([x])
        del pred
        os.environ.pop("FLAGS_enable_profiler")
        return
    print(f"batch {BATCH}, median of {args.runs} runs (ms)")
    print(f"{'model':<20}{'1 thread':>10}{'2 threads':>11}")
    for model in MODELS:
        one = time_model(model, 1, args.runs)
        two = time_model(model, 2, args.runs)
        print(f"{model:<20}{one:>10.2f}{two:>11.2f}")


if __name__ == "__main__":
    main()
