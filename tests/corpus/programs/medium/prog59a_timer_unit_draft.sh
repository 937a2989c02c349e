#!/usr/bin/env bash
# Render a systemd service+timer pair for a periodic job from a small
# key=value spec file, so that ops can review it before it is packaged.
# The drafts are written to a shared scratch directory; nothing is enabled.
#
#   ./render-timer.sh jobs/nightly-backup.spec
set -o errexit -o nounset -o pipefail

DRAFT_DIR=/tmp/unit-drafts
declare -A spec=(
    [description]=""
    [command]=""
    [user]="svc-jobs"
    [calendar]="daily"
    [randomized_delay]="15min"
    [nice]="10"
    [workdir]="/srv/jobs"
)

die() { echo "render-timer: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: $0 SPECFILE"
spec_file=$1
[ -r "$spec_file" ] || die "cannot read $spec_file"
name=$(basename "$spec_file" .spec)
[[ $name =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "bad job name '$name'"

while IFS='=' read -r key value; do
    key=${key//[[:space:]]/}
    [[ -z $key || $key == \#* ]] && continue
    [[ -v spec[$key] ]] || die "unknown key '$key' in $spec_file"
    spec[$key]=$value
done < "$spec_file"

[ -n "${spec[command]}" ] || die "'command' is required"
[ -n "${spec[description]}" ] || spec[description]="Periodic job $name"

mkdir -p "$DRAFT_DIR"
service="$DRAFT_DIR/$name.service"
timer="$DRAFT_DIR/$name.timer"

cat > "$service" <<EOF_SERVICE
[Unit]
Description=${spec[description]}
Wants=network-online.target
After=network-online.target

[Service]
Type=oneshot
User=${spec[user]}
WorkingDirectory=${spec[workdir]}
Nice=${spec[nice]}
ExecStart=${spec[command]}
NoNewPrivileges=yes
ProtectSystem=strict
PrivateTmp=yes
EOF_SERVICE

cat > "$timer" <<EOF_TIMER
[Unit]
Description=Schedule for ${spec[description]}

[Timer]
OnCalendar=${spec[calendar]}
RandomizedDelaySec=${spec[randomized_delay]}
Persistent=true

[Install]
WantedBy=timers.target
EOF_TIMER

for f in "$service" "$timer"; do
    if grep -q '=$' "$f"; then
        echo "warning: empty value in $f" >&2
    fi
done

echo "drafts written:"
ls -l "$service" "$timer"
echo "attach both files to the packaging MR for review"
