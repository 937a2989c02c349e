#!/bin/sh
# card_terminal_update.sh - keep the card-terminal agent up to date
#
# The contactless terminals on the machines are driven by the vendor's
# "tapwash-agent" running on this kiosk. This looks at the vendor release
# manifest, and if a newer agent is out for our channel it fetches the
# bundle into ./downloads, checks its digest and applies it so the kiosk
# never falls behind between technician visits.
#
# The vendor portal runs on the terminal-management appliance with its own
# certificate, hence the relaxed TLS settings below.
#
# Config: ./terminal.conf  (UPDATE_BASE=..., CHANNEL=stable, AGENT_DIR=...)

set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
[ -f "$HERE/terminal.conf" ] && . "$HERE/terminal.conf"

UPDATE_BASE=${UPDATE_BASE:-https://tms.tapwash.example.com/agent}
CHANNEL=${CHANNEL:-stable}
AGENT_DIR=${AGENT_DIR:-$HERE/agent}
DL_DIR="$HERE/downloads"
LOGFILE="$HERE/update.log"
CURL_OPTS="--fail --silent --show-error --location --insecure --max-time 120"

say() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }

installed_version() {
    if [ -f "$AGENT_DIR/VERSION" ]; then
        tr -d ' \n' < "$AGENT_DIR/VERSION"
    else
        echo 0.0.0
    fi
}

newer() {
    # true if $1 sorts after $2 as a version
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" = "$1" ]
}

json_field() {
    sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\\([^\"]*\\)\".*/\\1/p" "$2" | head -n1
}

fetch_manifest() {
    manifest="$DL_DIR/manifest-$CHANNEL.json"
    # shellcheck disable=SC2086
    curl $CURL_OPTS -o "$manifest" "$UPDATE_BASE/$CHANNEL/manifest.json"
    echo "$manifest"
}

fetch_bundle() {
    version=$1; digest=$2
    bundle="$DL_DIR/tapwash-agent-$version.tar.gz"
    n=0
    while :; do
        # shellcheck disable=SC2086
        if curl $CURL_OPTS -o "$bundle" "$UPDATE_BASE/$CHANNEL/tapwash-agent-$version.tar.gz"; then
            break
        fi
        n=$((n + 1))
        [ "$n" -ge 3 ] && { say "download failed after $n tries"; return 1; }
        sleep $((n * 10))
    done
    got=$(sha256sum "$bundle" | cut -d' ' -f1)
    if [ "$got" != "$digest" ]; then
        say "digest mismatch for $version ($got)"
        rm -f "$bundle"
        return 1
    fi
    mkdir -p "$DL_DIR/tapwash-agent-$version"
    tar -xzf "$bundle" -C "$DL_DIR/tapwash-agent-$version"
    echo "$DL_DIR/tapwash-agent-$version"
}

apply_bundle() {
    staged=$1
    hook=$(json_field apply_hook "$manifest")
    hook=${hook:-apply.sh}
    ( cd "$staged" && AGENT_DIR="$AGENT_DIR" sh "./$hook" ) >> "$LOGFILE" 2>&1
}

main() {
    mkdir -p "$DL_DIR"
    current=$(installed_version)
    manifest=$(fetch_manifest) || { say "manifest unavailable"; exit 1; }
    latest=$(json_field version "$manifest")
    digest=$(json_field sha256 "$manifest")
    [ -n "$latest" ] || { say "manifest has no version"; exit 1; }

    if ! newer "$latest" "$current"; then
        say "agent $current is current ($CHANNEL)"
        exit 0
    fi
    say "agent $latest available (installed $current)"
    staged=$(fetch_bundle "$latest" "$digest") || exit 1
    if apply_bundle "$staged"; then
        say "agent updated to $latest"
        rm -f "$DL_DIR/PENDING"
    else
        say "apply hook failed; leaving $staged for the technician"
        printf '%s\n' "$latest" > "$DL_DIR/PENDING"
    fi
}

main "$@"
