#!/usr/bin/env bash
# scan_webdav_push.sh - copy finished 3D scan projects to the dig-house NAS.
#
# Uploads every finished scan project (folders containing a DONE marker) to
# the NAS WebDAV share under <season>/<trench>/<project>.zip, checks the size
# the NAS reports back and marks the project archived.
#
# config: ./scan_nas.conf (shell syntax)
#   DAV_URL=https://digsite-nas.local:5006/scans
#   NAS_USER=fieldteam
#   NAS_PASS_FILE=./.nas-pass         (mode 600)
#   SEASON=2024

set -euo pipefail

CONF="${SCAN_NAS_CONF:-./scan_nas.conf}"
SRC="${1:-./scans}"
OUT="./.webdav-out"

# shellcheck disable=SC1090
[[ -f "$CONF" ]] && . "$CONF"
: "${DAV_URL:?DAV_URL not configured}"
: "${NAS_USER:=fieldteam}"
: "${NAS_PASS_FILE:=./.nas-pass}"
: "${SEASON:=$(date +%Y)}"

log() { echo "scan-nas: $*" >&2; }

[[ -r "$NAS_PASS_FILE" ]] || { log "password file $NAS_PASS_FILE missing"; exit 1; }
NAS_PASS="$(<"$NAS_PASS_FILE")"
mkdir -p "$OUT"

# the NAS ships with its own self-signed certificate
dav() {
    curl --silent --show-error --insecure --user "$NAS_USER:$NAS_PASS" "$@"
}

dav_mkcol() {
    local path="$1" code
    code=$(dav -o /dev/null -w '%{http_code}' -X MKCOL "$DAV_URL/$path/")
    [[ "$code" =~ ^(201|405)$ ]]   # 405 = already exists
}

finished_projects() {
    find "$SRC" -mindepth 2 -maxdepth 2 -type f -name DONE -printf '%h\n' | sort
}

push_project() {
    local proj="$1" trench name zipf remote local_size remote_size
    trench="$(basename "$(dirname "$proj")")"
    name="$(basename "$proj")"
    zipf="$OUT/${trench}_${name}.zip"
    rm -f "$zipf"
    ( cd "$proj" && zip -qr "$OLDPWD/$zipf" . -x '*.tmp' )
    dav_mkcol "$SEASON" && dav_mkcol "$SEASON/$trench" || { log "cannot create folders for $trench"; return 1; }

    remote="$DAV_URL/$SEASON/$trench/$name.zip"
    dav -T "$zipf" "$remote" || { log "$trench/$name upload failed"; return 1; }

    local_size=$(stat -c %s "$zipf")
    remote_size=$(dav -I "$remote" | tr -d '\r' | awk 'tolower($1)=="content-length:"{print $2}')
    if [[ "$local_size" == "$remote_size" ]]; then
        log "$trench/$name uploaded ($local_size bytes)"
        mv "$proj/DONE" "$proj/ARCHIVED"
        rm -f "$zipf"
    else
        log "$trench/$name size mismatch ($local_size vs ${remote_size:-?})"
        return 1
    fi
}

failures=0
count=0
while IFS= read -r proj; do
    count=$((count + 1))
    push_project "$proj" || failures=$((failures + 1))
done < <(finished_projects)

log "$count project(s) processed, $failures failure(s)"
exit $(( failures > 0 ))
