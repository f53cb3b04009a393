#!/usr/bin/env python3
"""Fails when a layer includes a header of a layer above it (DESIGN.md, "Layers").

Usage: check_layering.py [repo_root]
"""
import os
import re
import sys

# Each layer may include only the layers listed after it (and itself).
ORDER = ["pybind", "inference", "distributed", "executor", "ir", "framework", "phi", "common"]
ALLOWED = {
    "common": {"common"},
    "phi": {"common", "phi"},
    "framework": {"common", "phi", "framework"},
    "ir": {"common", "phi", "framework", "ir"},
    "executor": {"common", "phi", "framework", "ir", "executor"},
    "inference": {"common", "phi", "framework", "ir", "executor", "inference"},
    "distributed": {"common", "phi", "distributed"},
    "pybind": set(ORDER),
}
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]paddle/([a-z_]+)/')


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    bad = []
    for layer, allowed in ALLOWED.items():
        top = os.path.join(root, "paddle", layer)
        for dirpath, _, files in os.walk(top):
            for name in files:
                if not name.endswith((".h", ".cc", ".cu", ".cuh", ".hpp", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for lineno, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if m and m.group(1) not in allowed:
                            bad.append(f"{os.path.relpath(path, root)}:{lineno}: layer '{layer}' "
                                       f"includes paddle/{m.group(1)}/, a layer above it")
    if bad:
        print("\n".join(bad))
        print(f"layering check: {len(bad)} violation(s)")
        return 1
    print("layering check: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
