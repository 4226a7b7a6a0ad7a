#pragma once

#include <QDir>
#include <QFileInfo>
#include <QString>

// The official Node.js builds scripts/install-node-versions.sh puts in its cache, as it decides where.
inline QString nodeCacheDirectory()
{
    if (qEnvironmentVariableIsSet("LOOPSCOPE_NODE_CACHE"))
        return qEnvironmentVariable("LOOPSCOPE_NODE_CACHE");
    const QString xdg = qEnvironmentVariable("XDG_CACHE_HOME");
    return (xdg.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache") : xdg) + QStringLiteral("/loopscope/node");
}

// The node of the cached build whose version starts with `major` (e.g. "24."), or an empty string.
inline QString cachedNode(const QString& major)
{
    const QDir cache(nodeCacheDirectory());
    for (const QString& version : cache.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString node = cache.filePath(version + QStringLiteral("/bin/node"));
        if (version.startsWith(major) && QFileInfo(node).isExecutable())
            return node;
    }
    return {};
}
