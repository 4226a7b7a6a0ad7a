#include "control/runoptions.h"

std::optional<loopscope::NodeCosts> RunOptions::nodeCosts(const loopscope::NodeCosts& base) const
{
    if (!nodeCostsPercent && !startupGapUs)
        return std::nullopt;
    loopscope::NodeCosts costs = base.scaled(nodeCostsPercent.value_or(100));
    if (startupGapUs)
        costs.startupGapUs = std::uint32_t(*startupGapUs);
    return costs;
}

ScenarioCatalog::Overrides RunOptions::overrides() const
{
    ScenarioCatalog::Overrides overrides;
    for (const QString& assignment : sets) {
        const int equals = assignment.indexOf(QLatin1Char('='));
        overrides.emplace_back(assignment.left(equals).toStdString(), assignment.mid(equals + 1).toStdString());
    }
    return overrides;
}
