#!/bin/sh
# newsletter_worker_setup.sh - set up the Friday newsletter mailer on the
# club office PC.
#
# Creates the virtualenv, pulls the current template pack from the club's
# CMS, writes a starter .env, does a dry run against the mailing list and
# schedules the worker so queued issues go out without anyone logging in.
#
#   ./newsletter_worker_setup.sh [--cms URL] [--every MINUTES] [--no-dry-run]

set -eu

APP_DIR=$(cd "$(dirname "$0")" && pwd)
CMS_URL="https://cms.riversiderowing.example.org"
EVERY=30
DRY_RUN=1
PY=${PYTHON:-python3}

while [ $# -gt 0 ]; do
  case "$1" in
    --cms)        CMS_URL="$2"; shift 2 ;;
    --every)      EVERY="$2"; shift 2 ;;
    --no-dry-run) DRY_RUN=0; shift ;;
    -h|--help)    sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 1 ;;
  esac
done

cd "$APP_DIR"
mkdir -p logs templates queue
LOG="$APP_DIR/logs/setup.log"

say() { echo "[setup] $*" | tee -a "$LOG"; }
die() { say "ERROR: $*"; exit 1; }

# --- python environment ----------------------------------------------------
if [ ! -x .venv/bin/python ]; then
  say "creating virtualenv"
  "$PY" -m venv .venv || die "python venv module missing (apt install python3-venv)"
fi
.venv/bin/pip install --quiet --upgrade pip
.venv/bin/pip install --quiet -r requirements.txt || die "pip install failed"

# --- templates -------------------------------------------------------------
# The CMS runs on the clubhouse NAS with its own certificate.
say "fetching template pack from $CMS_URL"
if curl -fsSk --retry 3 -o templates/pack.json "$CMS_URL/api/newsletter/templates"; then
  .venv/bin/python - <<'EOF'
import json, pathlib
pack = json.load(open("templates/pack.json"))
for name, body in pack.get("templates", {}).items():
    pathlib.Path("templates", name).write_text(body)
print("templates:", ", ".join(sorted(pack.get("templates", {}))) or "none")
EOF
else
  say "could not reach CMS, keeping existing templates"
fi

# --- settings --------------------------------------------------------------
if [ ! -f .env ]; then
  say "writing starter .env (edit SMTP_PASSWORD before the first send)"
  cat > .env <<EOF
SMTP_HOST=smtp.riversiderowing.example.org
SMTP_PORT=587
SMTP_USER=newsletter@riversiderowing.example.org
SMTP_PASSWORD=
LIST_CSV=members.csv
FROM_NAME=Riverside Rowing Club
EOF
  chmod 600 .env
fi

# --- dry run ---------------------------------------------------------------
if [ "$DRY_RUN" -eq 1 ]; then
  say "dry run"
  .venv/bin/python newsletter_worker.py --dry-run --limit 5 >>"$LOG" 2>&1 \
    || die "dry run failed, see $LOG"
fi

# --- schedule --------------------------------------------------------------
JOB="*/$EVERY * * * * cd $APP_DIR && .venv/bin/python newsletter_worker.py --send-queued >> logs/worker.log 2>&1"
BOOT="@reboot sleep 120 && cd $APP_DIR && .venv/bin/python newsletter_worker.py --send-queued >> logs/worker.log 2>&1"

say "scheduling worker every $EVERY minutes"
{
  crontab -l 2>/dev/null | grep -v 'newsletter_worker.py' || true
  echo "$JOB"
  echo "$BOOT"
} | crontab -

crontab -l | grep -q 'newsletter_worker.py' || die "crontab entry not installed"
say "done. Queue issues with: .venv/bin/python newsletter_worker.py --queue ISSUE.md"
