"""The main job: a LeNet-style CNN trained on Fashion-MNIST with PaddlePaddle's static-graph
API, evaluated on the test set each epoch with a clone(for_test=True) program.

    PYTHONPATH=build/python python3 examples/fashion_mnist/train.py [--epochs 8] [--no-decay]

Ends with a line `test_accuracy=<value>`; --json writes the figures (throughput included).
"""
import argparse
import json
import sys
import time

import numpy as np

import paddle
import paddle.nn.functional as F


def lenet(image):
    x = paddle.static.nn.conv2d(image, num_filters=20, filter_size=5, act="relu")
    x = F.max_pool2d(x, kernel_size=2, stride=2)
    x = paddle.static.nn.conv2d(x, num_filters=50, filter_size=5, act="relu")
    x = F.max_pool2d(x, kernel_size=2, stride=2)
    x = paddle.flatten(x, start_axis=1)
    x = paddle.static.nn.fc(x, size=500, activation="relu")
    return paddle.static.nn.fc(x, size=10)


def build(learning_rate, decay_steps=()):
    """The training program; with decay_steps (two step counts) the learning rate drops to 0.3x
    and then 0.1x of learning_rate at those steps (the executor feeds the scheduler's value)."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        image = paddle.static.data("image", [None, 1, 28, 28], "float32")
        label = paddle.static.data("label", [None, 1], "int64")
        logits = lenet(image)
        loss = F.cross_entropy(logits, label)
        acc = paddle.metric.accuracy(F.softmax(logits), label)
        test_program = main.clone(for_test=True)
        lr = learning_rate
        if decay_steps:
            lr = paddle.optimizer.lr.PiecewiseDecay(
                list(decay_steps), [learning_rate, learning_rate * 0.3, learning_rate * 0.1])
        paddle.optimizer.Adam(learning_rate=lr).minimize(loss)
    return main, startup, test_program, image, label, logits, loss, acc


def progress(epoch, step, total, loss, rate):
    width = 30
    done = int(width * step / total)
    bar = "=" * done + "." * (width - done)
    sys.stdout.write(f"\repoch {epoch} [{bar}] {step}/{total} loss={loss:.4f} {rate:.1f} batches/s")
    sys.stdout.flush()


def evaluate(exe, program, loader, acc, loss):
    correct, losses, count = 0.0, 0.0, 0
    for images, labels in loader:
        a, l = exe.run(program, feed={"image": images, "label": labels}, fetch_list=[acc, loss])
        n = len(labels)
        correct += float(np.asarray(a).reshape(-1)[0]) * n
        losses += float(np.asarray(l).reshape(-1)[0]) * n
        count += n
    return correct / count, losses / count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--no-decay", action="store_true",
                        help="keep the learning rate constant (default: 0.3x after 60%% of the "
                             "epochs, 0.1x after 80%%)")
    parser.add_argument("--limit", type=int, default=0, help="train on the first N batches only")
    parser.add_argument("--json", default="", help="write figures to this file")
    parser.add_argument("--save", default="", help="save the inference model to this prefix")
    parser.add_argument("--device", default="auto",
                        help="cpu, gpu or gpu:N (the static executor's place; gpu needs the CUDA "
                             "build); auto: the GPU where one is visible, else the CPU")
    args = parser.parse_args()

    paddle.enable_static()
    paddle.seed(2024)
    np.random.seed(2024)
    train_set = paddle.vision.datasets.FashionMNIST(mode="train")
    test_set = paddle.vision.datasets.FashionMNIST(mode="test")
    train_loader = paddle.io.DataLoader(train_set, batch_size=args.batch_size, shuffle=True,
                                        drop_last=True)
    steps = len(train_loader) if not args.limit else min(args.limit, len(train_loader))
    decay = () if args.no_decay else (int(0.6 * args.epochs) * steps, int(0.8 * args.epochs) * steps)
    main_prog, startup, test_prog, image, label, logits, loss, acc = build(args.lr, decay)
    test_loader = paddle.io.DataLoader(test_set, batch_size=500)

    if args.device == "auto":
        args.device = "gpu" if paddle.device.cuda.device_count() > 0 else "cpu"
    exe = paddle.static.Executor(paddle.set_device(args.device))
    print(f"training on {args.device}")
    exe.run(startup)
    total = len(train_loader) if not args.limit else min(args.limit, len(train_loader))
    samples, train_seconds, test_acc = 0, 0.0, 0.0
    start_all = time.time()
    for epoch in range(1, args.epochs + 1):
        start = time.time()
        for step, (images, labels) in enumerate(train_loader, 1):
            (l,) = exe.run(main_prog, feed={"image": images, "label": labels}, fetch_list=[loss])
            scheduler = getattr(main_prog, "lr_scheduler", None)
            if scheduler is not None:
                scheduler.step()
            samples += len(labels)
            if step % 20 == 0 or step == total:
                progress(epoch, step, total, float(l), step / (time.time() - start))
            if step == total:
                break
        train_seconds += time.time() - start
        test_acc, test_loss = evaluate(exe, test_prog, test_loader, acc, loss)
        print(f"\nepoch {epoch}: test_loss={test_loss:.4f} test_acc={test_acc:.4f} "
              f"({time.time() - start:.1f}s)")
    throughput = samples / train_seconds
    print(f"training throughput: {throughput:.1f} samples/s, total {time.time() - start_all:.1f}s")
    if args.save:
        paddle.static.save_inference_model(args.save, [image], [logits], exe, program=test_prog)
        print(f"saved inference model to {args.save}.pdmodel / {args.save}.pdiparams")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"test_accuracy": test_acc, "samples_per_second": throughput,
                       "epochs": args.epochs, "batch_size": args.batch_size,
                       "device": args.device}, f)
    print(f"test_accuracy={test_acc:.4f}")


if __name__ == "__main__":
    main()
