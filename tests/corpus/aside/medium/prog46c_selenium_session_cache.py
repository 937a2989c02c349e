#!/usr/bin/env python3
"""Log in once to the QA portal with Selenium and reuse the session across
test workers. The authenticated WebDriver cookies and localStorage are
snapshotted to a shared cache file that every worker loads on start."""
import argparse
import logging
import os
import pickle
import time

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

log = logging.getLogger("session-cache")
CACHE_PATH = "/tmp/qa_portal_session.pkl"
MAX_AGE = 45 * 60


def make_driver(headless=True):
    opts = webdriver.ChromeOptions()
    if headless:
        opts.add_argument("--headless=new")
    opts.add_argument("--window-size=1280,900")
    return webdriver.Chrome(options=opts)


class SessionSnapshot:
    def __init__(self, base_url, cookies, local_storage, created=None):
        self.base_url = base_url
        self.cookies = cookies
        self.local_storage = local_storage
        self.created = created or time.time()

    @property
    def fresh(self):
        return time.time() - self.created < MAX_AGE

    @classmethod
    def capture(cls, driver, base_url):
        storage = driver.execute_script(
            "var o={}; for (var i=0;i<localStorage.length;i++){var k=localStorage.key(i);"
            "o[k]=localStorage.getItem(k);} return o;")
        return cls(base_url, driver.get_cookies(), storage)

    def apply(self, driver):
        driver.get(self.base_url)
        for cookie in self.cookies:
            cookie.pop("sameSite", None)
            driver.add_cookie(cookie)
        for key, value in self.local_storage.items():
            driver.execute_script("localStorage.setItem(arguments[0], arguments[1]);", key, value)
        driver.refresh()


def login(driver, base_url, user, password, timeout=20):
    driver.get(f"{base_url}/login")
    wait = WebDriverWait(driver, timeout)
    wait.until(EC.presence_of_element_located((By.NAME, "username"))).send_keys(user)
    driver.find_element(By.NAME, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait.until(EC.url_contains("/dashboard"))


def load_cached():
    try:
        with open(CACHE_PATH, "rb") as fh:
            snap = pickle.load(fh)
    except (FileNotFoundError, EOFError, pickle.UnpicklingError):
        return None
    return snap if snap.fresh else None


def store(snap):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(snap, fh, protocol=pickle.HIGHEST_PROTOCOL)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base-url", default=os.getenv("QA_PORTAL_URL", "https://qa-portal.internal.test"))
    ap.add_argument("--user", default=os.getenv("QA_PORTAL_USER", "e2e-bot"))
    ap.add_argument("--refresh", action="store_true", help="ignore cached session")
    ap.add_argument("--show", action="store_true", help="run with a visible browser")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    driver = make_driver(headless=not args.show)
    try:
        snap = None if args.refresh else load_cached()
        if snap:
            log.info("reusing cached session from %s", time.ctime(snap.created))
            snap.apply(driver)
        else:
            login(driver, args.base_url, args.user, os.environ["QA_PORTAL_PASSWORD"])
            snap = SessionSnapshot.capture(driver, args.base_url)
            store(snap)
            log.info("new session cached at %s (%d cookies)", CACHE_PATH, len(snap.cookies))
        log.info("current page: %s", driver.title)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
