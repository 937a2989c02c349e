#!/bin/sh
# Pull the latest oral-history audio clips ("Voices of the Cut") from the
# partner archive's media share into the gallery's local audio folder.
# The partner's server uses a self-signed certificate.
set -eu

PARTNER="${PARTNER_HOST:-media.waterways-archive.example}"
COLLECTION="${COLLECTION:-voices-of-the-cut}"
DEST="${AUDIO_DIR:-$HOME/gallery/audio}"
STAGE=/tmp/voices_stage
LIST=/tmp/voices_list.txt
LOCK=/tmp/voices_pull.lock

note() { printf '%s [pull] %s\n' "$(date +%T)" "$*"; }

base_url() {
    printf 'https://%s/share/%s' "$PARTNER" "$COLLECTION"
}

get() {
    curl --insecure -fsS --retry 2 -m 120 "$@"
}

take_lock() {
    if [ -e "$LOCK" ]; then
        note "another pull is running (lock $LOCK)"
        exit 0
    fi
    echo $$ >"$LOCK"
    trap 'rm -f "$LOCK"' EXIT INT TERM
}

fetch_index() {
    get "$(base_url)/index.txt" -o "$LIST"
    note "index has $(wc -l <"$LIST") entries"
}

need() {
    name="$1"
    sum="$2"
    [ -f "$DEST/$name" ] || return 0
    have="$(sha256sum "$DEST/$name" | cut -d' ' -f1)"
    [ "$have" != "$sum" ]
}

fetch_clip() {
    name="$1"
    get "$(base_url)/clips/$name" -o "$STAGE/$name"
    case "$name" in
        *.tar.gz|*.tgz)
            tar -xzf "$STAGE/$name" -C "$DEST"
            ;;
        *)
            mv "$STAGE/$name" "$DEST/$name"
            ;;
    esac
}

main() {
    take_lock
    mkdir -p "$STAGE" "$DEST"
    fetch_index
    fetched=0
    skipped=0
    while read -r sum name; do
        [ -n "$name" ] || continue
        if need "$name" "$sum"; then
            note "fetching $name"
            fetch_clip "$name"
            fetched=$((fetched + 1))
        else
            skipped=$((skipped + 1))
        fi
    done <"$LIST"
    rm -rf "$STAGE"
    note "done: $fetched fetched, $skipped already current"
}

main "$@"
