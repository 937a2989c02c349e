#!/usr/bin/env bash
# release_bundle.sh -- package the current project into ./dist
#
# Reads a small key=value release.conf, resolves per-target settings through
# variable indirection, runs a table of build steps and writes a tarball plus
# a checksum manifest. Everything happens inside the project directory.

set -euo pipefail
shopt -s nullglob

readonly PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly BUILD_DIR="${PROJECT_ROOT}/build"
readonly DIST_DIR="${PROJECT_ROOT}/dist"
readonly CONF_FILE="${PROJECT_ROOT}/release.conf"

# defaults, may be overridden from release.conf
target_linux_fmt="tar.gz"
target_linux_files="src README.md LICENSE"
target_docs_fmt="tar.xz"
target_docs_files="docs README.md"
targets="linux docs"
verbose=0

log()  { printf '[%(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
vlog() { (( verbose )) && log "$@" || true; }
die()  { log "error: $*"; exit 1; }

# short names for the tools we lean on
_sum()  { command sha256sum "$@"; }
_pack() { command tar "$@"; }

load_conf() {
    [[ -f $CONF_FILE ]] || { vlog "no release.conf, using defaults"; return 0; }
    local key value
    while IFS='=' read -r key value; do
        key="${key//[[:space:]]/}"
        [[ -z $key || $key == \#* ]] && continue
        [[ $key =~ ^[a-z_][a-z0-9_]*$ ]] || { log "skipping bad key '$key'"; continue; }
        value="${value#\"}"; value="${value%\"}"
        printf -v "$key" '%s' "$value"
        vlog "conf: $key=$value"
    done < "$CONF_FILE"
}

project_version() {
    local ver=""
    if [[ -f VERSION ]]; then
        IFS=. read -r major minor patch < VERSION
        ver="${major:-0}.${minor:-0}.${patch:-0}"
    elif git -C "$PROJECT_ROOT" rev-parse --git-dir >/dev/null 2>&1; then
        ver="$(git -C "$PROJECT_ROOT" describe --tags --always 2>/dev/null)"
    fi
    printf '%s' "${ver:-0.0.0-dev}"
}

compress_flag() {
    case "$1" in
        tar.gz) printf -- '-z' ;;
        tar.xz) printf -- '-J' ;;
        tar.bz2) printf -- '-j' ;;
        *) die "unknown format $1" ;;
    esac
}

build_target() {
    local name="$1" version="$2"
    local fmt_var="target_${name}_fmt" files_var="target_${name}_files"
    local fmt="${!fmt_var:-}" files_str="${!files_var:-}"
    [[ -n $fmt && -n $files_str ]] || die "target '$name' is not configured"

    local -a files=()
    IFS=' ' read -r -a files <<< "$files_str"
    local -a present=()
    local f
    for f in "${files[@]}"; do
        [[ -e $f ]] && present+=("$f") || log "  missing $f (skipped)"
    done
    (( ${#present[@]} )) || die "nothing to pack for $name"

    local out="${DIST_DIR}/${PWD##*/}-${name}-${version}.${fmt}"
    local flag; flag="$(compress_flag "$fmt")"
    log "packing $name -> ${out#$PROJECT_ROOT/}"
    _pack -c "$flag" -f "$out" --exclude='*.pyc' --exclude='__pycache__' "${present[@]}"
    printf '%s\n' "$out"
}

write_manifest() {
    local manifest="${DIST_DIR}/MANIFEST.sha256"
    : > "$manifest"
    local art
    for art in "$@"; do
        (cd "$DIST_DIR" && _sum "${art##*/}") >> "$manifest"
    done
    # an encoded copy for the release notes form, which mangles whitespace
    base64 -w0 "$manifest" > "${manifest}.b64"
    log "manifest: $(wc -l < "$manifest") entries"
}

clean_build() {
    [[ -d $BUILD_DIR ]] || return 0
    log "removing old build artefacts in ${BUILD_DIR#$PROJECT_ROOT/}"
    rm -rf -- "${BUILD_DIR:?}/"*
}

main() {
    while getopts ":vc" opt; do
        case $opt in
            v) verbose=1 ;;
            c) clean_only=1 ;;
            *) die "usage: $0 [-v] [-c]" ;;
        esac
    done
    cd "$PROJECT_ROOT"
    load_conf
    clean_build
    [[ ${clean_only:-0} -eq 1 ]] && exit 0

    mkdir -p "$BUILD_DIR" "$DIST_DIR"
    local version; version="$(project_version)"
    log "version $version"

    local -a steps=(
        "lint:python3 -m pyflakes src"
        "test:python3 -m pytest -q tests"
    )
    local step name cmd
    for step in "${steps[@]}"; do
        name="${step%%:*}"; cmd="${step#*:}"
        local -a argv=()
        read -r -a argv <<< "$cmd"
        log "step $name: ${argv[*]}"
        "${argv[@]}" || die "step $name failed"
    done

    local -a artefacts=()
    local t
    for t in $targets; do
        artefacts+=("$(build_target "$t" "$version")")
    done
    write_manifest "${artefacts[@]}"
    log "done: ${#artefacts[@]} artefact(s) in dist/"
}

main "$@"
