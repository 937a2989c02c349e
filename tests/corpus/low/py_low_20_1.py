
import datetime
print(datetime.date.today().isoformat())
