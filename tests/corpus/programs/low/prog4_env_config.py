import os
DEBUG = os.environ.get("DEBUG", "0") == "1"
DB_URL = os.environ.get("DATABASE_URL", "sqlite:///app.db")
SECRET_KEY = os.environ.get("SECRET_KEY", "dev")
print(DEBUG, DB_URL.split(":")[0], len(SECRET_KEY))
