#!/bin/sh
# Clean and rebuild the check-in kiosk web app from the project root.

set -eu

PROJECT_ROOT="$(cd "$(dirname "$0")" && pwd)"
BUILD_DIRS="dist build .cache .pytest_cache node_modules/.cache"
KEEP_DEPS=1
RUN_TESTS=0

usage() {
    echo "usage: $0 [--full] [--test]" >&2
    exit 2
}

for arg in "$@"; do
    case "$arg" in
        --full) KEEP_DEPS=0 ;;
        --test) RUN_TESTS=1 ;;
        -h|--help) usage ;;
        *) echo "unknown option: $arg" >&2; usage ;;
    esac
done

cd "$PROJECT_ROOT"

if [ ! -f package.json ]; then
    echo "run this from the kiosk app project (package.json missing)" >&2
    exit 1
fi

os_name() {
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        echo "${PRETTY_NAME:-unknown}"
    else
        uname -s
    fi
}

clean_outputs() {
    for d in $BUILD_DIRS; do
        if [ -d "$d" ]; then
            rm -rf -- "./$d"
            echo "removed ./$d"
        fi
    done
    find . -path ./node_modules -prune -o -name '__pycache__' -type d -print \
        | while read -r cache; do
            rm -rf -- "$cache"
        done
    if [ "$KEEP_DEPS" -eq 0 ] && [ -d node_modules ]; then
        rm -rf -- ./node_modules
        echo "removed ./node_modules"
    fi
}

install_deps() {
    if [ -f package-lock.json ]; then
        npm ci --no-audit --no-fund
    else
        npm install --no-audit --no-fund
    fi
}

build_app() {
    npm run build
    if [ -d dist ]; then
        du -sh dist
    fi
}

echo "building kiosk app on $(os_name)"
clean_outputs
if [ ! -d node_modules ]; then
    install_deps
fi
build_app
if [ "$RUN_TESTS" -eq 1 ]; then
    npm test
fi
echo "kiosk app build finished"
