#!/usr/bin/env bash
# container_stale_report.sh - list containers that exited more than N days ago
# and optionally remove them, talking to the Docker Engine API directly over
# its unix socket (no docker CLI needed on minimal CI runners).
#
# Usage: container_stale_report.sh [-d days] [-s socket] [--remove] [-o report.md]
set -euo pipefail

SOCKET=/var/run/docker.sock
API=v1.43
MAX_AGE_DAYS=7
REMOVE=0
REPORT="stale_containers.md"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

api() {
    # api <method> <path>
    curl --silent --show-error --fail \
         --unix-socket "$SOCKET" \
         -X "$1" "http://localhost/${API}$2"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d) MAX_AGE_DAYS="$2"; shift 2 ;;
        -s) SOCKET="$2"; shift 2 ;;
        -o) REPORT="$2"; shift 2 ;;
        --remove) REMOVE=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown argument: $1"; exit 1 ;;
    esac
done

[[ -S "$SOCKET" ]] || { log "docker socket $SOCKET not found"; exit 1; }
[[ "$MAX_AGE_DAYS" =~ ^[0-9]+$ ]] || { log "days must be an integer"; exit 1; }

log "querying exited containers via $SOCKET"
containers_json="$(api GET '/containers/json?all=1&filters=%7B%22status%22%3A%5B%22exited%22%5D%7D')"

# Details (FinishedAt) need one inspect call per container.
details_file="stale_inspect.jsonl"
: >"$details_file"
for id in $(printf '%s' "$containers_json" | python3 -c 'import json,sys; print("\n".join(c["Id"] for c in json.load(sys.stdin)))'); do
    api GET "/containers/${id}/json" >>"$details_file"
    echo >>"$details_file"
done

stale_ids="$(python3 - "$details_file" "$MAX_AGE_DAYS" "$REPORT" <<'PYEOF'
import datetime as dt
import json
import sys

path, max_age, report = sys.argv[1], int(sys.argv[2]), sys.argv[3]
now = dt.datetime.now(dt.timezone.utc)
rows = []
with open(path, encoding="utf-8") as fh:
    for line in fh:
        line = line.strip()
        if not line:
            continue
        info = json.loads(line)
        finished = info["State"]["FinishedAt"][:19]
        try:
            ended = dt.datetime.fromisoformat(finished).replace(tzinfo=dt.timezone.utc)
        except ValueError:
            continue
        age = (now - ended).days
        if age >= max_age:
            rows.append((info["Id"][:12], info["Name"].lstrip("/"),
                         info["Config"]["Image"], age, info["State"]["ExitCode"]))

rows.sort(key=lambda r: r[3], reverse=True)
with open(report, "w", encoding="utf-8") as out:
    out.write(f"# Containers exited >= {max_age} days ago\n\n")
    out.write("| id | name | image | age (days) | exit |\n|---|---|---|---|---|\n")
    for r in rows:
        out.write("| %s | %s | %s | %d | %d |\n" % r)
for r in rows:
    print(r[0])
PYEOF
)"

count=$(printf '%s\n' "$stale_ids" | grep -c . || true)
log "$count stale container(s); report written to $REPORT"

if [[ $REMOVE -eq 1 && $count -gt 0 ]]; then
    for id in $stale_ids; do
        if api DELETE "/containers/${id}?v=1" >/dev/null; then
            log "removed $id"
        else
            log "could not remove $id"
        fi
    done
fi
rm -f "$details_file"
