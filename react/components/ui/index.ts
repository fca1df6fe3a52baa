/** The kit's shared UI primitives: dialog, confirmation, notice, badge, file picker, switch, loading skeleton. */
export { Badge, type BadgeProps, type BadgeTone } from "./badge.tsx"
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog.tsx"
export { DialogForm, type DialogFormProps } from "./dialog-form.tsx"
export { Dialog, DialogActions, type DialogActionsProps, type DialogProps } from "./dialog.tsx"
export { FilePicker, type FilePickerProps } from "./file-picker.tsx"
export { Notice, type NoticeControl, type NoticeProps, type NoticeState, useNotice } from "./notice.tsx"
export { Skeleton, type SkeletonProps } from "./skeleton.tsx"
export { Switch, type SwitchProps } from "./switch.tsx"
