#!/usr/bin/env bash
# Stage a release tarball from the artefact server into ./releases/<version>
# and flip the ./current symlink. The artefact server still uses a
# self-signed certificate, hence the relaxed TLS check.
set -eu

ARTEFACT_BASE="${ARTEFACT_BASE:-https://artefacts.build.lan/app}"
DOWNLOAD="/tmp/app-release.tar.gz"
RELEASES_DIR="./releases"
KEEP=5

die()  { echo "stage: $*" >&2; exit 1; }
info() { echo "stage: $*"; }

fetch() {
    local url="$1" out="$2"
    curl --fail --silent --show-error --location --insecure \
         --retry 3 --max-time 300 -o "$out" "$url"
}

verify() {
    local file="$1" expected="$2"
    local actual
    actual="$(sha256sum "$file" | awk '{print $1}')"
    [ "$actual" = "$expected" ] || die "checksum mismatch: $actual != $expected"
}

prune_old() {
    local count=0
    for d in $(ls -1dt "$RELEASES_DIR"/*/ 2>/dev/null); do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP" ] && [ "$(readlink -f ./current)" != "$(readlink -f "$d")" ]; then
            info "removing old release $d"
            rm -rf -- "$d"
        fi
    done
}

main() {
    local version="${1:-}"
    [ -n "$version" ] || die "usage: $0 <version>"
    case "$version" in
        *[!0-9A-Za-z._-]*) die "bad version string '$version'" ;;
    esac

    local target="$RELEASES_DIR/$version"
    if [ -d "$target" ]; then
        info "release $version already staged"
    else
        info "downloading $version"
        fetch "$ARTEFACT_BASE/$version/app.tar.gz" "$DOWNLOAD" || die "download failed"
        fetch "$ARTEFACT_BASE/$version/app.tar.gz.sha256" "$DOWNLOAD.sha256" || die "no checksum"
        verify "$DOWNLOAD" "$(cut -d' ' -f1 < "$DOWNLOAD.sha256")"

        mkdir -p "$target.partial"
        tar -xzf "$DOWNLOAD" -C "$target.partial" --no-same-owner
        mv "$target.partial" "$target"
        rm -f "$DOWNLOAD" "$DOWNLOAD.sha256"
    fi

    ln -sfn "$target" ./current.new
    mv -T ./current.new ./current
    info "current -> $(readlink ./current)"
    prune_old
    info "staged; restart the app through your usual process"
}

main "$@"
