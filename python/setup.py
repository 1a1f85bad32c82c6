# SPDX-License-Identifier: MIT OR Apache-2.0
"""Build of the u8guard package: the extension module u8guard._core.

By default the library is compiled from this repository's sources with the
project's own CMake build (so every kernel gets its per-file instruction-set
flags from src/CMakeLists.txt, and the static archive keeps only the
u8guard_* names) and linked in statically. With the environment variable
U8GUARD_PYTHON_LIBRARY=installed the module links the installed libu8guard
instead, found with pkg-config. See README.md.
"""
import os
import re
import shlex
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CSRC = ["csrc/core.c", "csrc/tostr.c", "csrc/lossy.c", "csrc/stream.c", "csrc/errtuple.c"]
WARNINGS = ["-std=c11", "-O3", "-Wall", "-Wextra", "-Wshadow", "-Wmissing-prototypes",
            "-Wstrict-prototypes", "-Werror"]


def run(cmd):
    print("u8guard setup:", " ".join(shlex.quote(c) for c in cmd), flush=True)
    subprocess.run(cmd, check=True)


def has_policy(header):
    """True when the header declares the policy API (u8guard_policy)."""
    with open(header, encoding="utf-8") as f:
        return re.search(r"\bu8guard_policy\b", f.read()) is not None


def pkg_config(*args):
    out = subprocess.run(["pkg-config", *args, "u8guard"], check=True,
                         capture_output=True, text=True).stdout
    return shlex.split(out)


class BuildExt(build_ext):
    """Builds libu8guard (or finds the installed one), then the module."""

    def build_extensions(self):
        mode = os.environ.get("U8GUARD_PYTHON_LIBRARY", "bundled")
        ext = self.extensions[0]
        if mode == "bundled":
            self.use_bundled(ext)
        elif mode == "installed":
            self.use_installed(ext)
        else:
            sys.exit("U8GUARD_PYTHON_LIBRARY must be 'bundled' or 'installed', not %r" % mode)
        super().build_extensions()

    def use_bundled(self, ext):
        if not os.path.exists(os.path.join(ROOT, "src", "CMakeLists.txt")):
            sys.exit("u8guard: the library's sources (../src) are not beside this package; "
                     "build from the repository, or set U8GUARD_PYTHON_LIBRARY=installed")
        lib_build = os.path.abspath(os.path.join(self.build_temp, "libu8guard"))
        # U8GUARD_PYTHON_CMAKE_ARGS adds configure options, e.g.
        # -DU8GUARD_SANITIZE=address,undefined (ci/python-test.sh --asan).
        extra = shlex.split(os.environ.get("U8GUARD_PYTHON_CMAKE_ARGS", ""))
        run(["cmake", "-S", ROOT, "-B", lib_build, "-DCMAKE_BUILD_TYPE=Release",
             "-DBUILD_TESTING=OFF", "-DU8GUARD_BUILD_CLI=OFF", "-DU8GUARD_ORACLES=OFF", *extra])
        jobs = os.environ.get("U8GUARD_PYTHON_JOBS", "2")
        run(["cmake", "--build", lib_build, "--target", "u8guard_static", "-j", jobs])
        header = os.path.join(ROOT, "include", "u8guard.h")
        ext.include_dirs.append(os.path.join(ROOT, "include"))
        ext.extra_objects.append(os.path.join(lib_build, "src", "libu8guard.a"))
        # The archive's u8guard_* names stay private to the module, so a
        # libu8guard.so loaded by something else in the process never
        # interposes on them (or they on it).
        ext.extra_link_args.append("-Wl,--exclude-libs,ALL")
        self.add_policy_macro(ext, header)

    def use_installed(self, ext):
        cflags = pkg_config("--cflags")
        ext.extra_compile_args.extend(cflags)
        ext.extra_link_args.extend(pkg_config("--libs"))
        incdir = pkg_config("--variable=includedir")[0]
        self.add_policy_macro(ext, os.path.join(incdir, "u8guard.h"))

    @staticmethod
    def add_policy_macro(ext, header):
        if has_policy(header):
            ext.define_macros.append(("U8G_PY_HAVE_POLICY", "1"))
        print("u8guard setup: policy API", "found" if has_policy(header) else "absent",
              "in", header, flush=True)


setup(
    ext_modules=[Extension("u8guard._core", sources=CSRC, extra_compile_args=WARNINGS,
                           depends=["csrc/errtuple.h", "csrc/lossy.h", "csrc/stream.h",
                                    "csrc/tostr.h"])],
    cmdclass={"build_ext": BuildExt},
)
