#!/usr/bin/env bash
# io_sysctl_tuning.sh -- apply the core facility's kernel I/O settings on a
# storage/analysis node so BCL conversion and BAM sorting don't stall on
# writeback.  Values are computed from the node's RAM by a small Python helper.
set -euo pipefail

CONF_FILE="/etc/sysctl.d/90-seqcore-io.conf"
LIMITS_FILE="/etc/security/limits.d/90-seqcore.conf"
SEQ_GROUP="${SEQ_GROUP:-seqdata}"
APPLY=1
SHOW=0

log() { echo "[io-tune] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --show) SHOW=1; APPLY=0; shift ;;
        --group) SEQ_GROUP="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--show] [--group NAME]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

mem_kb="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)"
cpus="$(nproc)"
log "node has $((mem_kb / 1024 / 1024)) GiB RAM and $cpus CPUs"

# Render the sysctl fragment.  RAM size and CPU count go in through the
# environment; the fragment comes back on stdout.
render_sysctl() {
    NODE_MEM_KB="$mem_kb" NODE_CPUS="$cpus" python3 - <<'PY'
import os
mem_kb = int(os.environ["NODE_MEM_KB"])
cpus = int(os.environ["NODE_CPUS"])
mem_gb = mem_kb / 1024 / 1024
# big-memory nodes: use absolute byte limits instead of ratios
if mem_gb >= 256:
    dirty = {"vm.dirty_bytes": 4 << 30, "vm.dirty_background_bytes": 1 << 30}
else:
    dirty = {"vm.dirty_ratio": 15, "vm.dirty_background_ratio": 5}
settings = dict(dirty)
settings.update({
    "vm.swappiness": 10,
    "vm.vfs_cache_pressure": 50,
    "fs.file-max": max(2097152, cpus * 65536),
    "fs.aio-max-nr": 1048576,
    "net.core.rmem_max": 16777216,
    "net.core.wmem_max": 16777216,
})
print("# managed by io_sysctl_tuning.sh -- seqcore I/O profile")
for key in sorted(settings):
    print(f"{key} = {settings[key]}")
PY
}

render_limits() {
    cat <<EOF
# managed by io_sysctl_tuning.sh
@${SEQ_GROUP}  soft  nofile  262144
@${SEQ_GROUP}  hard  nofile  524288
@${SEQ_GROUP}  soft  nproc   16384
EOF
}

fragment="$(render_sysctl)"
limits="$(render_limits)"

if [[ $SHOW -eq 1 ]]; then
    printf '%s\n\n%s\n' "$fragment" "$limits"
    exit 0
fi

if [[ $APPLY -eq 1 ]]; then
    if [[ -f "$CONF_FILE" ]] && diff -q <(printf '%s\n' "$fragment") "$CONF_FILE" >/dev/null; then
        log "$CONF_FILE already current"
    else
        log "writing $CONF_FILE"
        printf '%s\n' "$fragment" | sudo tee "$CONF_FILE" >/dev/null
        sudo chmod 0644 "$CONF_FILE"
    fi
    log "writing $LIMITS_FILE"
    printf '%s\n' "$limits" | sudo tee "$LIMITS_FILE" >/dev/null

    log "loading settings"
    sudo sysctl -p "$CONF_FILE"
    # keep the readahead on the data volume in line with the profile
    data_dev="$(findmnt -n -o SOURCE --target "${SEQ_DATA_ROOT:-/data}" || true)"
    if [[ -n "$data_dev" && -b "$data_dev" ]]; then
        sudo blockdev --setra 8192 "$data_dev"
        log "readahead on $data_dev set to 8192 sectors"
    fi
    sysctl vm.swappiness vm.vfs_cache_pressure | while read -r line; do log "now: $line"; done
fi
