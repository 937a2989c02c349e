"""The PEP 517 build backend of the mai_sandbox package, in-tree so that
`pip install ./python` works offline (pip installs no build requirements:
there are none). A wheel holds the pure Python package (python/mai_sandbox)
and the native module the project's CMake build makes (python/CMakeLists.txt):

    tools/build.sh release mai_sandbox_native     (or, with MAI_BUILD_DIR set,
    cmake --build $MAI_BUILD_DIR --target mai_sandbox_native)

The native module is built for /usr/bin/python3 (Debian's); the wheel is
refused for an interpreter with another ABI, saying so.
"""
import base64
import hashlib
import importlib.machinery
import os
import pathlib
import subprocess
import sys
import sysconfig
import zipfile

NAME = "mai_sandbox"
VERSION = "0.1.0"
HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent

METADATA = f"""Metadata-Version: 2.1
Name: mai-sandbox
Version: {VERSION}
Summary: Python client of the mai-sandbox service: submit code, get audited results
Requires-Python: >=3.9
Provides-Extra: audit
Requires-Dist: cryptography; extra == "audit"

Binds the C++ client library of mai-sandbox (client/) with pybind11. See
docs/python-client.md of the mai-sandbox repository. mai_sandbox.audit needs
the cryptography package (Debian: python3-cryptography).
"""


def _tag():
    soabi = sysconfig.get_config_var("SOABI") or ""  # cpython-311-x86_64-linux-gnu
    version = "cp%d%d" % sys.version_info[:2]
    abi = version if soabi.startswith("cpython-") else soabi.replace("-", "_").replace(".", "_")
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "%s-%s-%s" % (version, abi, platform)


def _build_native():
    """Builds the module with the project's build; returns its path."""
    build_dir = os.environ.get("MAI_BUILD_DIR")
    if build_dir:
        cmd = ["cmake", "--build", build_dir, "--target", "mai_sandbox_native"]
    else:
        build_dir = str(ROOT / "build")
        cmd = [str(ROOT / "tools" / "build.sh"), "release", "mai_sandbox_native"]
    # pip shows this output when the build fails.
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=sys.stderr)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    built = sorted(pathlib.Path(build_dir, "python", NAME).glob("_native*.so"))
    wanted = [p for p in built if p.name == "_native" + suffix]
    if not wanted:
        raise RuntimeError(
            "the native module was built as %s, but this Python (%s) loads only _native%s: "
            "install with a Python of the same version as /usr/bin/python3 (e.g. in a "
            "venv made by /usr/bin/python3 -m venv)"
            % (", ".join(p.name for p in built) or "nothing", sys.executable, suffix))
    return wanted[0]


def _files(native):
    """(path in the wheel, bytes) of the package."""
    package = HERE / NAME
    for path in sorted(package.iterdir()):
        if path.suffix in (".py", ".pyi") or path.name == "py.typed":
            yield "%s/%s" % (NAME, path.name), path.read_bytes()
    yield "%s/%s" % (NAME, native.name), native.read_bytes()


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def _dist_info(tag):
    wheel = "Wheel-Version: 1.0\nGenerator: mai-sandbox build_backend\nRoot-Is-Purelib: false\nTag: %s\n" % tag
    return {"METADATA": METADATA.encode(), "WHEEL": wheel.encode(),
            "top_level.txt": (NAME + "\n").encode()}


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = "mai_sandbox-%s.dist-info" % VERSION
    target = pathlib.Path(metadata_directory, info)
    target.mkdir(parents=True, exist_ok=True)
    for name, data in _dist_info(_tag()).items():
        (target / name).write_bytes(data)
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    tag = _tag()
    native = _build_native()
    info = "mai_sandbox-%s.dist-info" % VERSION
    wheel_name = "mai_sandbox-%s-%s.whl" % (VERSION, tag)
    records = []
    with zipfile.ZipFile(pathlib.Path(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as z:
        entries = list(_files(native)) + [("%s/%s" % (info, n), d) for n, d in _dist_info(tag).items()]
        for name, data in entries:
            z.writestr(name, data)
            records.append(_record_line(name, data))
        records.append("%s/RECORD,," % info)
        z.writestr("%s/RECORD" % info, "\n".join(records) + "\n")
    return wheel_name
