import logging
logging.basicConfig(filename="/var/log/myapp/app.log", level=logging.INFO)
logging.info("started")
