"""GPU figures: ResNet-50 and BERT-base inference latency and training throughput through the
static Executor, on a lent GPU (or the CPU, for a smoke run). The models are built here with
the static API (random weights; the numbers measure speed, not accuracy). Each timed step
feeds host data (copied to the device, as a data loader's batches are) and fetches a scalar
(the host waits for the device every step), so the figures include that traffic.

    PYTHONPATH=build/python python3 benchmarks/gpu_bench.py --model resnet50 --mode train --batch 64
    PYTHONPATH=build/python python3 benchmarks/gpu_bench.py --all          # the table
"""
import argparse
import json
import time

import numpy as np

import paddle
import paddle.nn as nn
import paddle.nn.functional as F


class Bottleneck(nn.Layer):
    def __init__(self, cin, width, stride):
        super().__init__()
        cout = width * 4
        self.conv1 = nn.Conv2D(cin, width, 1, bias_attr=False)
        self.bn1 = nn.BatchNorm2D(width)
        self.conv2 = nn.Conv2D(width, width, 3, stride=stride, padding=1, bias_attr=False)
        self.bn2 = nn.BatchNorm2D(width)
        self.conv3 = nn.Conv2D(width, cout, 1, bias_attr=False)
        self.bn3 = nn.BatchNorm2D(cout)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(nn.Conv2D(cin, cout, 1, stride=stride, bias_attr=False),
                                      nn.BatchNorm2D(cout))

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = F.relu(self.bn2(self.conv2(y)))
        y = self.bn3(self.conv3(y))
        return F.relu(y + (x if self.down is None else self.down(x)))


class ResNet50(nn.Layer):
    def __init__(self, classes=1000):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2D(3, 64, 7, stride=2, padding=3, bias_attr=False),
                                  nn.BatchNorm2D(64), nn.ReLU(), nn.MaxPool2D(3, 2, 1))
        blocks, cin = [], 64
        for width, count, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
            for i in range(count):
                blocks.append(Bottleneck(cin, width, stride if i == 0 else 1))
                cin = width * 4
        self.blocks = nn.Sequential(*blocks)
        self.fc = nn.Linear(2048, classes)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        x = F.adaptive_avg_pool2d(x, 1)
        return self.fc(paddle.flatten(x, 1))


class Bert(nn.Layer):
    def __init__(self, vocab=30522, hidden=768, layers=12, heads=12, seq=128):
        super().__init__()
        self.word = nn.Embedding(vocab, hidden)
        self.pos = nn.Embedding(seq, hidden)
        self.norm = nn.LayerNorm(hidden)
        layer = nn.TransformerEncoderLayer(hidden, heads, hidden * 4, dropout=0.1,
                                           activation="gelu")
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.cls = nn.Linear(hidden, 2)

    def forward(self, ids, pos):
        x = self.norm(self.word(ids) + self.pos(pos))
        x = self.encoder(x)
        return self.cls(x[:, 0])


def build(model, mode, batch, seq=128, amp=None):
    main, startup = paddle.static.Program(), paddle.static.Program()
    rng = np.random.default_rng(0)
    with paddle.static.program_guard(main, startup):
        if model == "resnet50":
            x = paddle.static.data("x", [None, 3, 224, 224], "float32")
            label = paddle.static.data("label", [None, 1], "int64")
            net = ResNet50()
            out = net(x)
            feed = {"x": rng.standard_normal((batch, 3, 224, 224)).astype("float32"),
                    "label": rng.integers(0, 1000, (batch, 1)).astype("int64")}
        else:
            ids = paddle.static.data("ids", [None, seq], "int64")
            pos = paddle.static.data("pos", [None, seq], "int64")
            label = paddle.static.data("label", [None, 1], "int64")
            net = Bert(seq=seq)
            out = net(ids, pos)
            feed = {"ids": rng.integers(0, 30522, (batch, seq)).astype("int64"),
                    "pos": np.tile(np.arange(seq, dtype="int64"), (batch, 1)),
                    "label": rng.integers(0, 2, (batch, 1)).astype("int64")}
        loss = F.cross_entropy(out, label)
        if mode == "train":
            opt = (paddle.optimizer.Momentum(0.01, 0.9) if model == "resnet50"
                   else paddle.optimizer.AdamW(1e-4))
            if amp:
                opt = paddle.static.amp.decorate(opt, dtype=amp)
            opt.minimize(loss)
        else:
            main = main.clone(for_test=True)
            feed["label"] = np.zeros((batch, 1), "int64")  # the loss ops stay; nothing fetches them
            if amp:
                paddle.static.amp.rewrite_program(
                    main, paddle.static.amp.AutoMixedPrecisionLists(dtype=amp))
    return main, startup, feed, (loss if mode == "train" else out)


def run(model, mode, batch, steps, warmup, device, amp=None):
    place = paddle.set_device(device)
    main, startup, feed, target = build(model, mode, batch, amp=amp)
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(place)
        exe.run(startup)
        for _ in range(warmup):
            exe.run(main, feed=feed, fetch_list=[target])
        times = []
        for _ in range(steps):
            start = time.perf_counter()
            (value,) = exe.run(main, feed=feed, fetch_list=[target])
            times.append(time.perf_counter() - start)
        plan = exe._core.execution_plan(main.desc, scope, [target.name])
    ms = 1000 * float(np.median(times))
    fallback = sorted({line.split(" @ ")[0].split()[-1] for line in plan.splitlines()
                       if "no GPU kernel" in line})
    return {"model": model, "mode": mode, "batch": batch, "device": device, "amp": amp or "fp32",
            "median_ms": round(ms, 2), "samples_per_s": round(batch * 1000 / ms, 1),
            "finite": bool(np.isfinite(np.asarray(value)).all()), "cpu_fallback_ops": fallback}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="resnet50", choices=["resnet50", "bert_base"])
    parser.add_argument("--mode", default="train", choices=["train", "infer"])
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--device", default="gpu")
    parser.add_argument("--amp", default="", choices=["", "float16", "bfloat16"])
    parser.add_argument("--all", action="store_true", help="the table of every case")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    paddle.enable_static()
    cases = ([("resnet50", "infer", 1, None), ("resnet50", "infer", 32, None),
              ("resnet50", "train", 64, None), ("resnet50", "train", 64, "float16"),
              ("bert_base", "infer", 1, None), ("bert_base", "infer", 32, None),
              ("bert_base", "train", 32, None), ("bert_base", "train", 32, "float16"),
              ("resnet50", "infer", 32, "float16"), ("bert_base", "infer", 32, "float16")]
             if args.all else [(args.model, args.mode, args.batch, args.amp or None)])
    results = []
    for model, mode, batch, amp in cases:
        try:
            r = run(model, mode, batch, args.steps, args.warmup, args.device, amp)
        except Exception as e:  # one failing case must not hide the others' figures
            r = {"model": model, "mode": mode, "batch": batch, "amp": amp or "fp32",
                 "error": str(e)[:2000]}
        results.append(r)
        print(json.dumps(r), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
