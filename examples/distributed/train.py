"""The main job's LeNet trained data-parallel on Fashion-MNIST, in static mode with fleet:
each process trains on its shard of every epoch (DistributedBatchSampler), gradients are
averaged over the processes by the all-reduce that fleet's optimizer adds, and rank 0
evaluates on the test set.

    python3 -m paddle.distributed.launch --nproc_per_node 2 examples/distributed/train.py

(with PYTHONPATH=build/python from a build tree). The global batch is --batch-size; each of
N processes takes batch-size / N samples per step, so N processes follow the same training
curve as one (to rounding). Ends with `test_accuracy=<value>` from rank 0 and a throughput
line from every rank.
"""
import argparse
import os
import sys
import time

import numpy as np

import paddle
import paddle.nn.functional as F
from paddle.distributed import fleet

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fashion_mnist"))
from train import evaluate, lenet  # noqa: E402 - the main job's network


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=64, help="the global batch")
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--limit", type=int, default=0, help="steps per epoch (0: all)")
    args = parser.parse_args()

    paddle.enable_static()
    fleet.init(is_collective=True)
    rank, nranks = fleet.worker_index(), fleet.worker_num()
    if args.batch_size % nranks:
        raise SystemExit(f"expected --batch-size divisible by the {nranks} processes, but got "
                         f"{args.batch_size}")
    paddle.seed(2024)
    main_prog, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main_prog, startup):
        image = paddle.static.data("image", [None, 1, 28, 28], "float32")
        label = paddle.static.data("label", [None, 1], "int64")
        logits = lenet(image)
        loss = F.cross_entropy(logits, label)
        acc = paddle.metric.accuracy(F.softmax(logits), label)
        test_prog = main_prog.clone(for_test=True)
        opt = fleet.distributed_optimizer(paddle.optimizer.Adam(learning_rate=args.lr))
        opt.minimize(loss)

    train_set = paddle.vision.datasets.FashionMNIST(mode="train")
    sampler = paddle.io.DistributedBatchSampler(train_set, args.batch_size // nranks,
                                                shuffle=True, drop_last=True)
    loader = paddle.io.DataLoader(train_set, batch_sampler=sampler)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    samples, seconds = 0, 0.0
    for epoch in range(1, args.epochs + 1):
        sampler.set_epoch(epoch)
        start = time.time()
        for step, (images, labels) in enumerate(loader, 1):
            (l,) = exe.run(main_prog, feed={"image": images, "label": labels}, fetch_list=[loss])
            samples += len(labels)
            if step == args.limit:
                break
        seconds += time.time() - start
        print(f"rank {rank} epoch {epoch}: last loss {float(np.asarray(l).reshape(-1)[0]):.4f} "
              f"({time.time() - start:.1f}s)", flush=True)
    print(f"rank {rank}: {samples / seconds:.1f} samples/s on this process, "
          f"{nranks * samples / seconds:.1f} samples/s for the job", flush=True)
    if rank == 0:
        test_loader = paddle.io.DataLoader(paddle.vision.datasets.FashionMNIST(mode="test"),
                                           batch_size=500)
        test_acc, _ = evaluate(exe, test_prog, test_loader, acc, loss)
        print(f"test_accuracy={test_acc:.4f}")


if __name__ == "__main__":
    main()
