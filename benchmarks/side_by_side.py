"""Side-by-side CPU benchmark: this runtime beside its peers, in one run, at 1 and 2 threads.

    benchmarks/side_by_side.sh [--budget S] [--runs N] [--threads 1,2] [--json PATH]

(the shell script makes build/bench_venv with ONNX Runtime and runs this file with
PYTHONPATH=build/python; running this file directly works wherever `paddle`, `onnxruntime`
and `torch` import).

What is compared:
- inference: our `paddle.inference` Predictor on ../shared/fixtures/paddle_models/<model>
  beside ONNX Runtime (CPU provider, default graph optimisation) on
  ../shared/fixtures/onnx/<model>.onnx, the same model converted by paddle2onnx: resnet18 and
  mobilenet_v2 at batch 2 (3x224x224), tiny_bert at batch 2 (32 token ids, vocabulary 1000);
  and, where benchmarks/peer_models.sh has made them (build/peer_models: PaddlePaddle and
  paddle2onnx in a venv of their own), resnet50 (saved by PaddlePaddle, random weights) and
  mobilenet_v3_small at batch 2.
  Both get the same random inputs (fixed seed); threads = Config.set_cpu_math_library_num_threads
  for ours, SessionOptions intra_op_num_threads (inter_op 1) for ONNX Runtime. The outputs are
  checked against each other: max |ours - peer| / max |peer|.
- training: one step of the main job's static-graph LeNet (examples/fashion_mnist/train.py:
  conv 5x5x20, pool, conv 5x5x50, pool, fc 500, fc 10, cross entropy, Adam 1e-3), batch 64 of
  random data, fetching the loss, beside the same network in PyTorch (Debian python3-torch;
  nn.Conv2d/nn.Linear, torch.optim.Adam 1e-3, loss.item() each step). Threads =
  paddle.base.core.set_num_threads for ours, torch.set_num_threads for PyTorch. PyTorch starts
  from our initial weights on the same batch, so the losses of the first 5 steps must agree.

Each case is warmed up, then timed run by run until --budget seconds have passed (or exactly
--runs runs); the figure is the median. Inference cases time the two sides in alternating
slices (--slices, default 6, each a share of the budget or of the runs, with a pause of 50 ms
between slices so that the other side's threads are idle): on a shared host a burst of load
then falls on both sides instead of on one (2-thread ratios had moved by 20-40% from run to
run when each side ran its whole budget at once). The table gives our time over the peer's
(above 1: we are slower). The peers run with their default settings and are measured here only;
they are never dependencies of the product or of its tests.

On a busy machine, thread counts near the core count measure contention as much as speed:
PyTorch's OpenMP threads spin while they wait, so its 2-thread step on a loaded 2-core box can
be several times slower than its 1-thread step (OMP_WAIT_POLICY=PASSIVE in the environment
changes that). Note the load average the script prints with the figures.
"""
import argparse
import json
import os
import platform
import sys
import time

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FIXTURES = os.path.join(ROOT, "..", "shared", "fixtures")
sys.path.insert(0, os.path.join(ROOT, "examples", "fashion_mnist"))

import paddle  # noqa: E402

# model -> (feed name, shape, dtype, high bound of integer ids or None); batch 2 everywhere.
MODELS = {
    "resnet18": ("x", (2, 3, 224, 224), "float32", None),
    "mobilenet_v2": ("x", (2, 3, 224, 224), "float32", None),
    "tiny_bert": ("ids", (2, 32), "int64", 1000),  # embedding_0 is 1000 x 128
    # Made by benchmarks/peer_models.sh into build/peer_models (skipped when absent):
    "resnet50": ("x", (2, 3, 224, 224), "float32", None),
    "mobilenet_v3_small": ("x", (2, 3, 224, 224), "float32", None),
}
PEER_MODELS = os.path.join(ROOT, "build", "peer_models")


def model_files(model):
    """(our model's path prefix, the ONNX file): the fixtures', else build/peer_models'; None
    where either is missing."""
    prefix = os.path.join(FIXTURES, "paddle_models", model)
    if not os.path.exists(prefix + ".pdmodel"):
        prefix = os.path.join(PEER_MODELS, model)
    onnx = os.path.join(FIXTURES, "onnx", model + ".onnx")
    if not os.path.exists(onnx):
        onnx = os.path.join(PEER_MODELS, model + ".onnx")
    if not os.path.exists(prefix + ".pdmodel") or not os.path.exists(onnx):
        return None
    return prefix, onnx
TRAIN_BATCH = 64
AGREE_STEPS = 5  # training steps whose losses are compared


def timed_alternating(fns, budget, runs, slices, warmup=2):
    """[(median seconds per call, calls)] for each of fns, timed in `slices` rounds that give
    each fn in turn budget / slices seconds (or runs / slices calls, at least one)."""
    for fn in fns:
        for _ in range(warmup):
            fn()
    samples = [[] for _ in fns]
    for r in range(slices):
        for fn, own in zip(fns, samples):
            time.sleep(0.05)  # the other side's pool threads stop spinning
            start = time.perf_counter()
            target = max(1, -(-runs * (r + 1) // slices)) if runs else 0
            while True:
                t0 = time.perf_counter()
                fn()
                own.append(time.perf_counter() - t0)
                if runs:
                    if len(own) >= target:
                        break
                elif len(own) >= 3 * (r + 1) and time.perf_counter() - start >= budget / slices:
                    break
    return [(float(np.median(s)), len(s)) for s in samples]


def timed(fn, budget, runs):
    """(median seconds per call, calls) of fn alone: `runs` calls if given, else calls until
    `budget` seconds have passed (at least 3)."""
    return timed_alternating([fn], budget, runs, 1)[0]


def rel_diff(ours, peer):
    peer = np.asarray(peer, dtype=np.float64)
    scale = max(float(np.abs(peer).max()), 1e-12)
    return float(np.abs(np.asarray(ours, dtype=np.float64) - peer).max()) / scale


# ---------------------------------------------------------------------------------- inference

def make_input(model):
    name, shape, dtype, high = MODELS[model]
    rng = np.random.default_rng(2026)
    if high is None:
        return name, rng.standard_normal(shape).astype(dtype)
    return name, rng.integers(0, high, shape).astype(dtype)


def ours_inference(model, feed, threads):
    """(run, output): our Predictor's run on the feed, and its first output."""
    prefix = model_files(model)[0]
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.disable_gpu()
    cfg.set_cpu_math_library_num_threads(threads)
    pred = paddle.inference.create_predictor(cfg)
    inputs = [feed[n] for n in pred.get_input_names()]
    out = pred.run(inputs)[0]
    return (lambda: pred.run(inputs)), np.array(out)


def ort_inference(ort, model, feed, threads):
    """(run, output) for ONNX Runtime's session on the same model and feed."""
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    sess = ort.InferenceSession(model_files(model)[1], opts,
                                providers=["CPUExecutionProvider"])
    out_name = sess.get_outputs()[0].name
    out = sess.run([out_name], feed)[0]
    return (lambda: sess.run([out_name], feed)), out


# ----------------------------------------------------------------------------------- training

def random_batch():
    rng = np.random.default_rng(7)
    images = rng.random((TRAIN_BATCH, 1, 28, 28)).astype("float32")
    labels = rng.integers(0, 10, (TRAIN_BATCH, 1)).astype("int64")
    return images, labels


class OursLeNet:
    """The main job's program (train.build) with its startup already run."""

    def __init__(self):
        from train import build
        paddle.enable_static()
        paddle.seed(1)
        self.main, startup, _, _, _, _, self.loss, _ = build(0.001)
        self.scope = paddle.static.Scope()
        self.exe = paddle.static.Executor()
        with paddle.static.scope_guard(self.scope):
            self.exe.run(startup)
        self.params = {p.name: np.array(self.scope.find_var(p.name).get_tensor())
                       for p in self.main.all_parameters()}
        images, labels = random_batch()
        self.feed = {"image": images, "label": labels}

    def step(self):
        with paddle.static.scope_guard(self.scope):
            (loss,) = self.exe.run(self.main, feed=self.feed, fetch_list=[self.loss])
        return float(np.asarray(loss).reshape(-1)[0])


def torch_lenet(torch, params):
    """The same layers in PyTorch, initialised from our startup program's parameters (conv
    and fc in creation order; our fc weights are [in, out], torch's [out, in])."""
    nn = torch.nn
    net = nn.Sequential(nn.Conv2d(1, 20, 5), nn.ReLU(), nn.MaxPool2d(2, 2),
                        nn.Conv2d(20, 50, 5), nn.ReLU(), nn.MaxPool2d(2, 2), nn.Flatten(),
                        nn.Linear(800, 500), nn.ReLU(), nn.Linear(500, 10))
    names = {"conv2d_0": net[0], "conv2d_1": net[3], "fc_0": net[7], "fc_1": net[9]}
    with torch.no_grad():
        for prefix, layer in names.items():
            w, b = params[prefix + ".w_0"], params[prefix + ".b_0"]
            layer.weight.copy_(torch.from_numpy(w.T.copy() if prefix.startswith("fc") else w))
            layer.bias.copy_(torch.from_numpy(b))
    return net


class TorchLeNet:
    def __init__(self, torch, params):
        self.torch = torch
        self.net = torch_lenet(torch, params)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=0.001)
        images, labels = random_batch()
        self.x, self.y = torch.from_numpy(images), torch.from_numpy(labels.reshape(-1))

    def step(self):
        self.opt.zero_grad(set_to_none=True)
        loss = self.torch.nn.functional.cross_entropy(self.net(self.x), self.y)
        loss.backward()
        self.opt.step()
        return loss.item()


def set_our_threads(threads):
    if hasattr(paddle, "set_num_threads"):
        paddle.set_num_threads(threads)
    else:
        paddle.base.core.set_num_threads(threads)


# --------------------------------------------------------------------------------------- main

def fmt_ms(sec):
    return "n/a" if sec is None else f"{sec * 1e3:.2f} ms"


def fmt_train(sec):
    return "n/a" if sec is None else f"{sec * 1e3:.2f} ms ({TRAIN_BATCH / sec:.0f}/s)"


def import_peer(name):
    try:
        return __import__(name), None
    except Exception as e:  # ImportError, or a broken install
        return None, f"{type(e).__name__}: {e}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=3.0,
                        help="seconds of timed runs per case and side (default 3)")
    parser.add_argument("--runs", type=int, default=0,
                        help="exactly N timed runs per case and side instead of --budget")
    parser.add_argument("--slices", type=int, default=6,
                        help="alternating slices per inference case (default 6)")
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts")
    parser.add_argument("--models", default=",".join(MODELS),
                        help="comma-separated inference models ('' for none)")
    parser.add_argument("--no-train", action="store_true", help="skip the LeNet training case")
    parser.add_argument("--json", default="", help="also write the rows to this file")
    args = parser.parse_args()
    threads = [int(t) for t in args.threads.split(",") if t]
    models = [m for m in args.models.split(",") if m]

    ort, ort_error = import_peer("onnxruntime")
    torch, torch_error = import_peer("torch") if not args.no_train else (None, None)
    if ort_error:
        print(f"ONNX Runtime unavailable, inference peer skipped ({ort_error})")
    if torch_error:
        print(f"PyTorch unavailable, training peer skipped ({torch_error})")
    versions = {"python": platform.python_version(), "numpy": np.__version__,
                "onnxruntime": getattr(ort, "__version__", None),
                "torch": getattr(torch, "__version__", None)}
    print("machine:", platform.machine(), os.cpu_count(), "cpus;",
          "load average %.2f %.2f %.2f;" % os.getloadavg(),
          ", ".join(f"{k} {v}" for k, v in versions.items() if v))

    rows = []

    def add(case, t, ours, peer, agree, ours_n, peer_n, fmt):
        ratio = None if ours is None or peer is None else ours / peer
        rows.append({"case": case, "threads": t, "ours_s": ours, "peer_s": peer,
                     "ratio": ratio, "agreement": agree, "ours_runs": ours_n,
                     "peer_runs": peer_n, "ours": fmt(ours), "peer": fmt(peer)})
        def side(sec, n):
            return fmt(sec) + (f" ({n} runs)" if n else "")
        agree_s = "n/a" if agree is None else f"{agree:.1e}"
        print(f"  {case}, threads={t}: ours {side(ours, ours_n)}, peer {side(peer, peer_n)}, "
              f"rel. diff {agree_s}", flush=True)

    for model in models:
        if model_files(model) is None:
            print(f"{model}: model files missing (bash benchmarks/peer_models.sh makes them); "
                  "skipped")
            continue
        name, x = make_input(model)
        feed = {name: x}
        case = f"{model} inference, batch {x.shape[0]} (vs ONNX Runtime)"
        for t in threads:
            run, out = ours_inference(model, feed, t)
            fns = [run]
            peer = peer_n = agree = None
            if ort is not None:
                peer_run, ref = ort_inference(ort, model, feed, t)
                fns.append(peer_run)
                agree = rel_diff(out, ref)
            timings = timed_alternating(fns, args.budget, args.runs, args.slices)
            ours, ours_n = timings[0]
            if ort is not None:
                peer, peer_n = timings[1]
            del fns, run
            add(case, t, ours, peer, agree, ours_n, peer_n, fmt_ms)

    if not args.no_train:
        case = f"LeNet training step, batch {TRAIN_BATCH}, Adam (vs PyTorch)"
        ours_net = OursLeNet()
        torch_net = agree = None
        if torch is not None:
            torch.set_num_threads(1)
            torch_net = TorchLeNet(torch, ours_net.params)
            # Same weights and batch: the first steps' losses (forward, backward and Adam
            # updates) must agree before the speed is worth comparing.
            agree = max(abs(a - b) / abs(b) for a, b in
                        ((ours_net.step(), torch_net.step()) for _ in range(AGREE_STEPS)))
        for t in threads:
            set_our_threads(t)
            ours, ours_n = timed(ours_net.step, args.budget, args.runs)
            peer = peer_n = None
            if torch_net is not None:
                torch.set_num_threads(t)
                peer, peer_n = timed(torch_net.step, args.budget, args.runs)
            add(case, t, ours, peer, agree, ours_n, peer_n, fmt_train)
        set_our_threads(1)

    print()
    print("| case | threads | ours | peer | ours/peer |")
    print("|---|---|---|---|---|")
    for r in rows:
        ratio = "n/a" if r["ratio"] is None else f"{r['ratio']:.2f}"
        print(f"| {r['case']} | {r['threads']} | {r['ours']} | {r['peer']} | {ratio} |")
    print()
    print("Median time per run (training: per step, and samples/s); ours/peer is our time "
          "over the peer's (above 1: we are slower). Outputs (training: the first steps' losses "
          "from the same initial weights) agree to a relative difference of at most "
          + ("%.1e" % max(r["agreement"] for r in rows if r["agreement"] is not None)
             if any(r["agreement"] is not None for r in rows) else "n/a (no peer)") + ".")

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
                       "machine": {"arch": platform.machine(), "cpus": os.cpu_count(),
                                   "loadavg": os.getloadavg()},
                       "versions": versions, "budget_s": args.budget, "runs": args.runs,
                       "rows": rows}, f, indent=1)
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
