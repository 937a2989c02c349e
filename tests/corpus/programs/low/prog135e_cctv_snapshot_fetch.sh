#!/usr/bin/env bash
# CCTV snapshot fetch
#
# Grabs a still JPEG from every camera in cameras.txt so the control room
# can eyeball the views before doors open. Snapshots go into ./snapshots,
# one folder per run; old runs are pruned from the working directory.
set -u

CAM_LIST="${CAM_LIST:-./cameras.txt}"
OUT_ROOT="${OUT_ROOT:-./snapshots}"
KEEP_RUNS="${KEEP_RUNS:-5}"
TIMEOUT="${TIMEOUT:-8}"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

usage() {
    echo "Usage: $0 [-l camera_list] [-o out_dir] [-k keep_runs]"
}

while getopts "l:o:k:h" opt; do
    case "$opt" in
        l) CAM_LIST="$OPTARG" ;;
        o) OUT_ROOT="$OPTARG" ;;
        k) KEEP_RUNS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[ -f "$CAM_LIST" ] || { log "camera list $CAM_LIST not found"; exit 1; }

# identify ourselves to the camera web servers with the host OS name
os_name="unknown"
if [ -r /etc/os-release ]; then
    os_name=$(. /etc/os-release && echo "${ID:-linux}-${VERSION_ID:-0}")
fi
UA="snapshot-fetch/1.1 ($os_name)"

run_dir="$OUT_ROOT/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$run_dir"

ok=0
fail=0
while read -r name url; do
    [ -z "${name:-}" ] && continue
    case "$name" in \#*) continue ;; esac

    # cheap reachability check first so dead cameras fail fast
    if ! curl -fsS -I --max-time 3 -A "$UA" "$url" >/dev/null 2>&1; then
        log "$name: no answer"
        fail=$((fail + 1))
        continue
    fi

    part="$run_dir/$name.jpg.part"
    if curl -fsS --max-time "$TIMEOUT" -A "$UA" -o "$part" "$url"; then
        mv "$part" "$run_dir/$name.jpg"
        ok=$((ok + 1))
    else
        rm -f "$part"
        log "$name: download failed"
        fail=$((fail + 1))
    fi
done < "$CAM_LIST"

log "snapshots: $ok ok, $fail failed -> $run_dir"

# prune old runs, keeping the newest $KEEP_RUNS
prune() {
    local runs count
    runs=$(ls -1d "$OUT_ROOT"/*/ 2>/dev/null | sort)
    count=$(printf '%s\n' "$runs" | grep -c . || true)
    if [ "$count" -le "$KEEP_RUNS" ]; then
        return
    fi
    printf '%s\n' "$runs" | head -n $((count - KEEP_RUNS)) | while read -r old; do
        rm -rf -- "$old"
        log "pruned $old"
    done
}
prune

[ "$fail" -eq 0 ]
