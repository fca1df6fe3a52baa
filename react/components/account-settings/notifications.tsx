/** Account settings, "Notifications": each notification category on or off (transactional e-mail always on). */
import { setNotificationCategoryEnabled } from "../../../src/client/index.ts"
import { useNotificationCategories } from "../../account-hooks.ts"
import { useStackMutation } from "../../hooks.ts"
import { Badge } from "../ui/badge.tsx"
import { Notice, useNotice } from "../ui/notice.tsx"
import { Switch } from "../ui/switch.tsx"
import { Empty, SettingsGroup } from "./group.tsx"

/** The "Notifications" section. */
export const NotificationsPage = () => {
  const categories = useNotificationCategories()
  const save = useStackMutation(setNotificationCategoryEnabled)
  const notice = useNotice()
  return (
    <>
      <Notice notice={notice.notice} />
      <SettingsGroup title="E-mail notifications" description="Choose which e-mails you receive. E-mails about your account's security are always sent.">
        {categories.length === 0 ? <Empty>This app sends no notification e-mails.</Empty> : (
          <ul className="stackfx-items stackfx-categories">
            {categories.map((category) => (
              <li key={category.notificationCategoryId} className="stackfx-item">
                <div className="stackfx-item-main">
                  <Switch
                    checked={category.enabled || !category.canDisable}
                    disabled={!category.canDisable || save.pending}
                    name={`category-${category.notificationCategoryName}`}
                    onChange={(enabled) =>
                      void save.run(category.notificationCategoryId, enabled).then((exit) =>
                        notice.after(exit, `${category.notificationCategoryName} e-mails are ${enabled ? "on" : "off"}.`))}
                  >
                    {category.notificationCategoryName}
                  </Switch>
                </div>
                {category.canDisable ? null : <Badge>Always sent</Badge>}
              </li>
            ))}
          </ul>
        )}
      </SettingsGroup>
    </>
  )
}
