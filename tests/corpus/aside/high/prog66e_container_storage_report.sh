#!/usr/bin/env bash
# container_storage_report.sh - weekly cron report of what containers,
# images, volumes and build cache are eating on /var/lib/docker.
#
# Talks to the engine API directly so it works on hosts where the docker CLI
# is not installed (the CI runners only ship the daemon).
#
#   0 7 * * 1  /opt/ops/bin/container_storage_report.sh -m ops-storage@corp.example

set -o errexit -o nounset -o pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="v1.43"
MAILTO=""
OUTDIR="${REPORT_DIR:-./reports}"
TOP=15

usage() {
    cat >&2 <<EOF
usage: $(basename "$0") [-m mailto] [-o outdir] [-n top]
EOF
    exit 64
}

while getopts ":m:o:n:" opt; do
    case $opt in
        m) MAILTO=$OPTARG ;;
        o) OUTDIR=$OPTARG ;;
        n) TOP=$OPTARG ;;
        *) usage ;;
    esac
done

api() {
    curl --silent --show-error --fail --max-time 60 \
         --unix-socket "$SOCK" "http://localhost/${API}$1"
}

[[ -S "$SOCK" ]] || { echo "no engine socket at $SOCK" >&2; exit 1; }
mkdir -p "$OUTDIR"
stamp=$(date +%Y-%m-%d)
raw="$OUTDIR/system-df-$stamp.json"
report="$OUTDIR/storage-$stamp.txt"

if ! api "/system/df" > "$raw"; then
    echo "engine API call failed" >&2
    exit 1
fi
host_info=$(api "/info" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["Name"], d["ServerVersion"], d["DockerRootDir"])')

python3 - "$raw" "$TOP" "$host_info" > "$report" <<'PY'
import json, sys

raw, top, host = sys.argv[1], int(sys.argv[2]), sys.argv[3]
d = json.load(open(raw))

def h(n):
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n < 1024:
            return f"{n:.1f}{unit}"
        n /= 1024
    return f"{n:.1f}PB"

print(f"Container storage report for {host}\n")
imgs = sorted(d.get("Images") or [], key=lambda i: i.get("Size", 0), reverse=True)
print(f"Images: {len(imgs)}  total {h(sum(i.get('Size', 0) for i in imgs))}")
for i in imgs[:top]:
    tag = (i.get("RepoTags") or ["<none>"])[0]
    print(f"  {h(i.get('Size', 0)):>9}  containers={i.get('Containers', 0):<3} {tag}")
cts = sorted(d.get("Containers") or [], key=lambda c: c.get("SizeRw", 0), reverse=True)
print(f"\nContainers: {len(cts)}")
for c in cts[:top]:
    print(f"  {h(c.get('SizeRw', 0)):>9}  {c.get('State', '?'):<8} {c['Names'][0]}")
vols = sorted(d.get("Volumes") or [], key=lambda v: v["UsageData"]["Size"], reverse=True)
print(f"\nVolumes: {len(vols)}")
for v in vols[:top]:
    u = v["UsageData"]
    print(f"  {h(max(u['Size'], 0)):>9}  refs={u['RefCount']:<3} {v['Name']}")
bc = d.get("BuildCache") or []
print(f"\nBuild cache: {len(bc)} entries, {h(sum(b.get('Size', 0) for b in bc))}")
PY

echo "report written to $report"
if [[ -n "$MAILTO" ]] && command -v mail >/dev/null 2>&1; then
    mail -s "[storage] $(hostname -s) container usage $stamp" "$MAILTO" < "$report"
fi
find "$OUTDIR" -name 'system-df-*.json' -mtime +35 -delete
