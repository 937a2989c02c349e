#!/usr/bin/env bash
# Creates the service account and its unit directory.
set -e
NAME=${1:-appsvc}
if ! id "$NAME" >/dev/null 2>&1; then
    sudo useradd --system --no-create-home --shell /usr/sbin/nologin "$NAME"
fi
sudo install -d -o "$NAME" -g "$NAME" /var/lib/"$NAME"
sudo chown -R "$NAME":"$NAME" /opt/"$NAME"
echo "account $NAME ready"
