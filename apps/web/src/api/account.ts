import type { ChangeBindingRequest, EditProfileRequest, ModifyPasswordRequest, UserInfo } from '@mazhu/contracts';
import { post } from './request';

/** Own account: profile name, password, re-binding the mobile or e-mail. */
export const editProfile = (payload: EditProfileRequest) => post<UserInfo>('/api/editAdmin', payload);
export const modifyPassword = (payload: ModifyPasswordRequest) => post<null>('/api/modifyPassword', payload);
export const changeBinding = (payload: ChangeBindingRequest) => post<UserInfo>('/api/getChangeBinding', payload);
