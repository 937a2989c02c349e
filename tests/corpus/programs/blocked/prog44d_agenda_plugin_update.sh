#!/usr/bin/env bash
# Update and load agenda plugins (weather line, birthdays, trash-day reminders).
# Reads the plugin index published by the agenda project, downloads each
# enabled plugin and loads it into this shell so its hooks can run.
set -u

INDEX_URL="${AGENDA_PLUGIN_INDEX:-https://agenda-plugins.pages.dev/index.json}"
PLUGIN_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/agenda/plugins"
ENABLED_FILE="${XDG_CONFIG_HOME:-$HOME/.config}/agenda/plugins.enabled"
QUIET=0

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1; shift ;;
        --index) INDEX_URL="$2"; shift 2 ;;
        -h|--help) echo "usage: ${0##*/} [-q] [--index URL]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

note() { [ "$QUIET" -eq 1 ] || echo "agenda: $*"; }

mkdir -p "$PLUGIN_DIR" "$(dirname "$ENABLED_FILE")"
[ -f "$ENABLED_FILE" ] || printf 'weather\nbirthdays\ntrashday\n' > "$ENABLED_FILE"

index=$(curl -fsSL --max-time 20 "$INDEX_URL") || { note "index unavailable"; exit 1; }

# index.json: {"plugins": {"name": {"url": "...", "version": "..."}}}
plugin_url() {
    printf '%s' "$index" | python3 -c '
import json, sys
name = sys.argv[1]
p = json.load(sys.stdin).get("plugins", {}).get(name)
print(p["url"] if p else "")
' "$1"
}

updated=0
while IFS= read -r name; do
    case "$name" in ''|\#*) continue ;; esac
    url=$(plugin_url "$name")
    if [ -z "$url" ]; then
        note "no plugin named $name in index"
        continue
    fi
    target="$PLUGIN_DIR/$name.sh"
    if curl -fsSL --max-time 30 -o "$target.new" "$url"; then
        mv -f "$target.new" "$target"
        chmod +x "$target"
        updated=$((updated + 1))
        note "updated $name"
    else
        rm -f "$target.new"
        note "download of $name failed, keeping old copy"
    fi
done < "$ENABLED_FILE"

# load every plugin so it can register its agenda hooks
for plugin in "$PLUGIN_DIR"/*.sh; do
    [ -f "$plugin" ] || continue
    # shellcheck disable=SC1090
    . "$plugin"
done

if declare -F agenda_hook_today >/dev/null; then
    agenda_hook_today
fi
note "$updated plugin(s) updated"
