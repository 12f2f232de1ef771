# The bot in a container; the SQLite database lives in the /app/data volume.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY tables ./tables
COPY pictures ./pictures
COPY bot ./bot
COPY persistence ./persistence
RUN pip install --no-cache-dir '.[postgres]'
VOLUME ["/app/data"]
ENV DATABASE_URL=sqlite:///data/bot.sqlite3
CMD ["python", "-m", "bot"]
