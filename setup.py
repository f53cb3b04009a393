"""pip install . : builds the runtime with CMake (tools/build.sh) and packages python/paddle
with the extension module and the runtime's shared libraries."""
import glob
import os
import shutil
import subprocess

from setuptools import Distribution, find_packages, setup
from setuptools.command.build_py import build_py

ROOT = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ.get("PADDLE_BUILD_DIR", os.path.join(ROOT, "build"))
RUNTIME_LIBS = ["paddle/common/libcommon.so", "paddle/phi/libphi.so",
                "paddle/framework/libframework.so", "paddle/ir/libir.so",
                "paddle/executor/libexecutor.so", "paddle/inference/libpaddle_inference.so"]
OPTIONAL_LIBS = ["paddle/distributed/libdistributed.so"]  # built WITH_GLOO (the default)


class BuildWithCMake(build_py):
    def run(self):
        if not glob.glob(os.path.join(BUILD, "python/paddle/base/libpaddle*.so")):
            subprocess.check_call(["bash", os.path.join(ROOT, "tools/build.sh")],
                                  env=dict(os.environ, BUILD_DIR=BUILD))
        else:
            subprocess.check_call(["ninja", "-C", BUILD])
        super().run()
        target = os.path.join(self.build_lib, "paddle")
        for so in glob.glob(os.path.join(BUILD, "python/paddle/base/libpaddle*.so")):
            shutil.copy2(so, os.path.join(target, "base"))
        os.makedirs(os.path.join(target, "libs"), exist_ok=True)
        for lib in RUNTIME_LIBS + [p for p in OPTIONAL_LIBS if os.path.exists(os.path.join(BUILD, p))]:
            shutil.copy2(os.path.join(BUILD, lib), os.path.join(target, "libs"))


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(
    name="paddle-runtime",
    version="0.1.0",
    description="A PaddlePaddle-compatible static-graph runtime",
    package_dir={"": "python"},
    packages=find_packages("python"),
    python_requires=">=3.9",
    install_requires=["numpy"],
    cmdclass={"build_py": BuildWithCMake},
    distclass=BinaryDistribution,
    zip_safe=False,
)
