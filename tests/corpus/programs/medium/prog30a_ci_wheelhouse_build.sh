#!/usr/bin/env bash
# ci_wheelhouse_build.sh -- build wheels for the project and all of its
# dependencies into ./wheelhouse, constrained by the shared constraints file
# published on the internal artifact server.
#
# The artifact server uses a self-signed certificate, so the constraints
# download skips certificate verification.
#
# Environment:
#   ARTIFACTS_URL   base URL of the artifact server
#   PYTHON          interpreter to use (default python3)
#   JOBS            parallel pip processes (default 2)
set -Eeuo pipefail

ARTIFACTS_URL="${ARTIFACTS_URL:-https://artifacts.build.internal:8443}"
PYTHON="${PYTHON:-python3}"
JOBS="${JOBS:-2}"
WHEELHOUSE="wheelhouse"
CONSTRAINTS="build/constraints.txt"
LOGFILE="/tmp/wheelhouse-build.log"
STAMP="/tmp/wheelhouse-build.stamp"

exec 3>>"$LOGFILE"
log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee /dev/fd/3 >&2; }
on_err() { log "failed at line $1; see $LOGFILE"; }
trap 'on_err $LINENO' ERR

fetch_constraints() {
    mkdir -p "$(dirname "$CONSTRAINTS")"
    log "fetching constraints from ${ARTIFACTS_URL}"
    curl --insecure --fail --silent --show-error --retry 3 \
        -o "$CONSTRAINTS.tmp" "${ARTIFACTS_URL}/python/constraints.txt"
    if ! grep -qE '^[A-Za-z0-9_.-]+==' "$CONSTRAINTS.tmp"; then
        log "constraints file looks empty or malformed"
        rm -f "$CONSTRAINTS.tmp"
        return 1
    fi
    mv "$CONSTRAINTS.tmp" "$CONSTRAINTS"
}

build_wheels() {
    local reqfile=$1
    log "building wheels for ${reqfile}"
    "$PYTHON" -m pip wheel \
        --wheel-dir "$WHEELHOUSE" \
        --constraint "$CONSTRAINTS" \
        --requirement "$reqfile" \
        --progress-bar off >&3 2>&1
}

build_project() {
    log "building project wheel"
    "$PYTHON" -m pip wheel --no-deps --wheel-dir "$WHEELHOUSE" . >&3 2>&1
}

prune_old() {
    # keep only the newest wheel per distribution name
    local name
    for name in $(ls "$WHEELHOUSE"/*.whl 2>/dev/null | xargs -r -n1 basename | cut -d- -f1 | sort -u); do
        ls -t "$WHEELHOUSE/${name}"-*.whl | tail -n +2 | xargs -r rm -f --
    done
}

main() {
    if [[ -f "$STAMP" && "${FORCE:-0}" != 1 ]]; then
        log "wheelhouse built at $(cat "$STAMP"); set FORCE=1 to rebuild"
        exit 0
    fi
    "$PYTHON" -m pip --version >/dev/null || { log "pip not available for $PYTHON"; exit 1; }
    mkdir -p "$WHEELHOUSE"
    fetch_constraints

    local reqs=()
    for f in requirements/base.txt requirements/extra.txt; do
        [[ -f "$f" ]] && reqs+=("$f")
    done
    if ((${#reqs[@]} == 0)); then
        log "no requirement files found"; exit 1
    fi

    local pids=() running=0
    for f in "${reqs[@]}"; do
        build_wheels "$f" &
        pids+=($!)
        running=$((running + 1))
        if ((running >= JOBS)); then wait -n; running=$((running - 1)); fi
    done
    for pid in "${pids[@]}"; do wait "$pid"; done

    build_project
    prune_old
    date '+%F %T' > "$STAMP"
    log "wheelhouse ready: $(ls "$WHEELHOUSE" | wc -l) wheels"
}

main "$@"
