#!/bin/bash
# Copies the build to every web host and restarts the app as the deploy user.
set -euo pipefail

HOSTS=${HOSTS:-"web1 web2 web3"}
ARTIFACT=${1:-dist/app.tar.gz}
SSH_OPTS=(-o StrictHostKeyChecking=no -o ConnectTimeout=10)

if [[ ! -f "$ARTIFACT" ]]; then
    echo "no artifact at $ARTIFACT" >&2
    exit 1
fi

for host in $HOSTS; do
    echo "== $host"
    scp "${SSH_OPTS[@]}" "$ARTIFACT" "deploy@$host:/srv/app/releases/"
    ssh "${SSH_OPTS[@]}" "deploy@$host" "cd /srv/app && ./switch-release.sh $(basename "$ARTIFACT")"
done
echo "deployed to: $HOSTS"
