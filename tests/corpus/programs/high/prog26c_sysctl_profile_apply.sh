#!/usr/bin/env bash
# Apply the kernel tuning our search cluster's dev nodes need.
#
# Renders /etc/sysctl.d/60-devsearch.conf from the values below (or
# overrides in ./sysctl.local), installs it with sudo and reloads the
# sysctl settings so they take effect immediately.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TARGET="/etc/sysctl.d/60-devsearch.conf"
STAGE="$PROJECT_DIR/build/60-devsearch.conf"

declare -A SETTINGS=(
    [vm.max_map_count]=262144
    [fs.inotify.max_user_watches]=524288
    [fs.file-max]=2097152
    [vm.swappiness]=10
)

# Optional local overrides: key=value per line
if [ -f "$PROJECT_DIR/sysctl.local" ]; then
    while IFS='=' read -r key value; do
        key="$(echo "$key" | tr -d '[:space:]')"
        value="$(echo "$value" | tr -d '[:space:]')"
        case "$key" in
            ''|'#'*) continue ;;
        esac
        case "$key" in
            vm.max_map_count|fs.inotify.max_user_watches|fs.file-max|vm.swappiness) ;;
            *) echo "ignoring unsupported key: $key" >&2; continue ;;
        esac
        case "$value" in
            ''|*[!0-9]*) echo "ignoring non-numeric value for $key" >&2; continue ;;
        esac
        SETTINGS[$key]="$value"
    done < "$PROJECT_DIR/sysctl.local"
fi

mkdir -p "$(dirname "$STAGE")"
{
    echo "# Managed by $(basename "$0") -- changes will be overwritten."
    for key in $(printf '%s\n' "${!SETTINGS[@]}" | sort); do
        echo "$key = ${SETTINGS[$key]}"
    done
} > "$STAGE"

echo "rendered settings:"
sed 's/^/    /' "$STAGE"

if [ "${DRY_RUN:-0}" = "1" ]; then
    echo "dry run: not installing"
    exit 0
fi

sudo install -o root -g root -m 0644 "$STAGE" "$TARGET"
sudo sysctl --system >/dev/null

echo "current values:"
for key in $(printf '%s\n' "${!SETTINGS[@]}" | sort); do
    printf '    %s = %s\n' "$key" "$(sysctl -n "$key")"
done
echo "installed $TARGET"
