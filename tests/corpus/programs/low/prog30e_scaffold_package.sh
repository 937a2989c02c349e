#!/usr/bin/env bash
# scaffold_package.sh - create a minimal Python package layout in the current
# directory, with a Makefile and a dev helper script generated from here-docs.
#
#   ./scaffold_package.sh new  <package_name>
#   ./scaffold_package.sh clean            # remove build artefacts
set -eu

PROG="$(basename "$0")"

die() { echo "$PROG: $*" >&2; exit 1; }
info() { echo "$PROG: $*"; }

valid_name() {
    [[ "$1" =~ ^[a-z][a-z0-9_]{1,40}$ ]]
}

write_file() {
    # write_file <path>  (content on stdin); refuses to overwrite
    local path="$1"
    if [[ -e "$path" ]]; then
        info "skip existing $path"
        cat >/dev/null
        return 0
    fi
    mkdir -p "$(dirname "$path")"
    cat >"$path"
    info "created $path"
}

scaffold() {
    local name="$1"
    valid_name "$name" || die "invalid package name '$name'"

    write_file "src/$name/__init__.py" <<EOF
"""$name package."""
__version__ = "0.1.0"
EOF

    write_file "src/$name/__main__.py" <<EOF
import argparse

from . import __version__


def main():
    parser = argparse.ArgumentParser(prog="$name")
    parser.add_argument("--version", action="version", version=__version__)
    parser.parse_args()
    print("hello from $name")


if __name__ == "__main__":
    main()
EOF

    write_file "tests/test_smoke.py" <<EOF
import $name


def test_version():
    assert $name.__version__
EOF

    write_file "pyproject.toml" <<EOF
[project]
name = "$name"
version = "0.1.0"
requires-python = ">=3.9"

[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[tool.setuptools.packages.find]
where = ["src"]
EOF

    write_file "Makefile" <<'EOF'
PY ?= python3

.PHONY: test build clean
test:
	PYTHONPATH=src $(PY) -m pytest -q

build:
	$(PY) -m build

clean:
	rm -rf build dist .pytest_cache src/*.egg-info
EOF

    # A dev helper script; quoted delimiter so $-expressions stay literal.
    write_file "scripts/dev.sh" <<'EOF'
#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-test}" in
    test) PYTHONPATH=src python3 -m pytest -q ;;
    run)  shift; PYTHONPATH=src python3 -m "$(ls src | head -n1)" "$@" ;;
    *)    echo "usage: scripts/dev.sh [test|run]" >&2; exit 1 ;;
esac
EOF

    info "package '$name' ready; try: bash scripts/dev.sh test"
}

clean() {
    local removed=0
    for d in build dist .pytest_cache .mypy_cache; do
        if [[ -d "./$d" ]]; then
            rm -rf -- "./$d"
            removed=$((removed + 1))
        fi
    done
    find ./src ./tests -type d -name __pycache__ -prune -exec rm -rf -- {} + 2>/dev/null || true
    find ./src -maxdepth 1 -type d -name '*.egg-info' -exec rm -rf -- {} + 2>/dev/null || true
    info "removed $removed build directories"
}

case "${1:-}" in
    new)
        [[ $# -eq 2 ]] || die "usage: $PROG new <package_name>"
        scaffold "$2"
        ;;
    clean)
        clean
        ;;
    *)
        die "usage: $PROG new <package_name> | clean"
        ;;
esac
