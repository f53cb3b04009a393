"""Dygraph (eager) training on Fashion-MNIST, as PaddlePaddle 2.x code is written: a LeNet
`paddle.nn.Layer` trained eagerly with Adam, evaluated on the test set, then exported with
`paddle.jit.to_static` + `paddle.jit.save` for the C++ JIT layer (classify.cc).

    PYTHONPATH=build/python python3 examples/dygraph_fashion_mnist/train.py --save out/lenet

Ends with `dygraph_test_accuracy=<value>`; the exported model's accuracy through
`paddle.jit.load` is printed as `jit_load_accuracy=<value>` and must agree.
"""
import argparse
import time

import numpy as np

import paddle
import paddle.nn as nn
import paddle.nn.functional as F


class LeNet(nn.Layer):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2D(1, 20, 5), nn.ReLU(), nn.MaxPool2D(2, 2),
            nn.Conv2D(20, 50, 5), nn.ReLU(), nn.MaxPool2D(2, 2))
        self.fc1 = nn.Linear(50 * 4 * 4, 500)
        self.fc2 = nn.Linear(500, num_classes)

    def forward(self, image):
        x = self.features(image)
        x = paddle.flatten(x, start_axis=1)
        return self.fc2(F.relu(self.fc1(x)))


def accuracy(model, loader):
    correct, count = 0, 0
    with paddle.no_grad():
        for images, labels in loader:
            logits = model(paddle.to_tensor(images)).numpy()
            correct += int((logits.argmax(axis=1) == labels.reshape(-1)).sum())
            count += len(labels)
    return correct / count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--limit", type=int, default=0, help="train on the first N batches only")
    parser.add_argument("--save", default="", help="prefix for paddle.jit.save")
    args = parser.parse_args()

    paddle.seed(2024)
    np.random.seed(2024)
    train_loader = paddle.io.DataLoader(paddle.vision.datasets.FashionMNIST(mode="train"),
                                        batch_size=args.batch_size, shuffle=True, drop_last=True)
    test_loader = paddle.io.DataLoader(paddle.vision.datasets.FashionMNIST(mode="test"),
                                       batch_size=500)
    model = LeNet()
    optimizer = paddle.optimizer.Adam(learning_rate=args.lr, parameters=model.parameters())
    for epoch in range(1, args.epochs + 1):
        model.train()
        start, seen = time.time(), 0
        for step, (images, labels) in enumerate(train_loader, 1):
            loss = F.cross_entropy(model(paddle.to_tensor(images)), paddle.to_tensor(labels))
            loss.backward()
            optimizer.step()
            optimizer.clear_grad()
            seen += len(labels)
            if step % 100 == 0:
                print(f"epoch {epoch} step {step} loss={float(loss):.4f} "
                      f"{seen / (time.time() - start):.0f} samples/s", flush=True)
            if args.limit and step >= args.limit:
                break
        model.eval()
        print(f"epoch {epoch}: test accuracy {accuracy(model, test_loader):.4f}")
    test_acc = accuracy(model, test_loader)
    if args.save:
        static_model = paddle.jit.to_static(
            model, input_spec=[paddle.static.InputSpec([None, 1, 28, 28], "float32", "image")])
        paddle.jit.save(static_model, args.save)
        loaded = paddle.jit.load(args.save)
        loaded.eval()
        print(f"saved {args.save}.pdmodel / .pdiparams; "
              f"jit_load_accuracy={accuracy(loaded, test_loader):.4f}")
    print(f"dygraph_test_accuracy={test_acc:.4f}")


if __name__ == "__main__":
    main()
