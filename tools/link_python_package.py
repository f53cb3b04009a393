#!/usr/bin/env python3
"""Mirrors a source package tree into the build tree with symlinks (files only), so that
PYTHONPATH=build/python imports the sources next to the built extension module.

Usage: link_python_package.py <src_dir> <dst_dir>
"""
import os
import sys


def main():
    src, dst = (os.path.abspath(p) for p in sys.argv[1:3])
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        rel = os.path.relpath(dirpath, src)
        out_dir = os.path.normpath(os.path.join(dst, rel))
        os.makedirs(out_dir, exist_ok=True)
        for name in filenames:
            if name.endswith(".pyc"):
                continue
            target = os.path.join(dirpath, name)
            link = os.path.join(out_dir, name)
            if os.path.islink(link) and os.readlink(link) == target:
                continue
            if os.path.lexists(link):
                os.remove(link)
            os.symlink(target, link)


if __name__ == "__main__":
    main()
